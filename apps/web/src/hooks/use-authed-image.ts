import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../app/store';
import { fetchAuthedFile } from '../lib/authed-file';

/**
 * An image URL an `<img>` can show. The API serves files (profile photos) only with the bearer
 * token, which an `<img>` cannot send: such URLs are fetched with the token and shown from a
 * blob URL, or, with signed downloads on, from the short-lived URL the API answers (it needs no
 * token). Other URLs pass through unchanged. Null while loading or when the load failed.
 */
export function useAuthedImage(url: string | null): string | null {
  const store = useStore<RootState>();
  const needsAuth = url !== null && url.startsWith(`${window.location.origin}/api/`);
  const [loaded, setLoaded] = useState<{ for: string; src: string } | null>(null);

  useEffect(() => {
    if (!needsAuth || !url) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    const token = store.getState().auth.accessToken;
    fetchAuthedFile(url, token)
      .then((file) => {
        if (cancelled) return;
        if (file.kind === 'link') return setLoaded({ for: url, src: file.url });
        objectUrl = URL.createObjectURL(file.blob);
        setLoaded({ for: url, src: objectUrl });
      })
      .catch((error: unknown) => console.error('Could not load the image', url, error));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, needsAuth, store]);

  if (!needsAuth) return url;
  return loaded?.for === url ? loaded.src : null;
}
