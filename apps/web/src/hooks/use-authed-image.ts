import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../app/store';

/**
 * An image URL an `<img>` can show. The API serves files (profile photos) only with the bearer
 * token, which an `<img>` cannot send: such URLs are fetched with the token and shown from a
 * blob URL. Other URLs pass through unchanged. Null while loading or when the load failed.
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
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
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
