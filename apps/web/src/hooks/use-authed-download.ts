import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../app/store';
import { resolvePhotoUrl } from '../lib/avatar';

/**
 * Downloads a file the API serves only with the bearer token (a plain link cannot send it):
 * fetch with the token, then save the blob under the given name. Rejects when the answer is not OK.
 */
export function useAuthedDownload() {
  const store = useStore<RootState>();
  return useCallback(
    async (url: string, fileName: string) => {
      const absolute = resolvePhotoUrl(url) ?? url;
      const token = store.getState().auth.accessToken;
      const res = await fetch(absolute, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const objectUrl = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
    },
    [store],
  );
}
