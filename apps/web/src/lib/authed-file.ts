/**
 * A file the API serves only with the bearer token (photos, logos, documents, exports). With
 * signed downloads on (SIGNED_DOWNLOADS=on on the server) a file route answers with a short-lived
 * URL instead of the bytes. A redirect would be followed by `fetch` with our Authorization
 * header (same origin), or without it and under CORS (a bucket); a script cannot read its
 * `Location`. So the request asks for the URL itself (`X-Download-Link: 1`) and the caller uses
 * it as a plain `<img src>` or link, which needs no token and never sends one. Routes that stream
 * (signed downloads off, or an export) ignore the header and answer the bytes.
 */
export type AuthedFile = { kind: 'blob'; blob: Blob } | { kind: 'link'; url: string };

export const DOWNLOAD_LINK_HEADER = 'X-Download-Link';

export async function fetchAuthedFile(
  url: string,
  token: string | null | undefined,
  origin: string = window.location.origin,
): Promise<AuthedFile> {
  const res = await fetch(url, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), [DOWNLOAD_LINK_HEADER]: '1' },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  if (res.headers.get(DOWNLOAD_LINK_HEADER) === '1') {
    const body = (await res.json()) as { data?: { url?: unknown } };
    if (typeof body.data?.url !== 'string') throw new Error('The download link is missing');
    return { kind: 'link', url: new URL(body.data.url, origin).toString() };
  }
  return { kind: 'blob', blob: await res.blob() };
}
