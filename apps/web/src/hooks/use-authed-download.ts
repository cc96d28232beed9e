import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../app/store';
import { fetchAuthedFile } from '../lib/authed-file';
import { resolvePhotoUrl } from '../lib/avatar';

const save = (href: string, fileName: string) => {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
};

/**
 * Downloads a file the API serves only with the bearer token (a plain link cannot send it):
 * fetch with the token, then save the blob under the given name; with signed downloads on, the
 * API answers a short-lived URL instead, which the browser downloads itself (the file's own
 * `Content-Disposition: attachment` names it; no token goes there). Rejects when the answer is not OK.
 */
export function useAuthedDownload() {
  const store = useStore<RootState>();
  return useCallback(
    async (url: string, fileName: string) => {
      const absolute = resolvePhotoUrl(url) ?? url;
      const token = store.getState().auth.accessToken;
      const file = await fetchAuthedFile(absolute, token);
      if (file.kind === 'link') return save(file.url, fileName);
      const objectUrl = URL.createObjectURL(file.blob);
      save(objectUrl, fileName);
      setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
    },
    [store],
  );
}
