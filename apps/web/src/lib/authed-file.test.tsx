import { screen } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { UserAvatar } from '../components/user-avatar';
import { useAuthedDownload } from '../hooks/use-authed-download';
import { render, signedIn } from '../test/render';
import { fetchAuthedFile } from './authed-file';

/** The API's answer with signed downloads on: the short-lived URL, marked by the header. */
const linkAnswer = (url: string) =>
  new Response(JSON.stringify({ status: 'success', statusCode: 200, message: 'OK', data: { url } }), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-download-link': '1' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchAuthedFile', () => {
  it('asks with the token and for a link; a streamed answer is the blob', async () => {
    const fetch = vi.fn(async () => new Response('pdf-bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const file = await fetchAuthedFile('https://app.test/api/Companies/c/documents/d', 'tok');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('https://app.test/api/Companies/c/documents/d', {
      headers: { Authorization: 'Bearer tok', 'X-Download-Link': '1' },
    });
    expect(file.kind).toBe('blob');
    expect(file.kind === 'blob' && (await file.blob.text())).toBe('pdf-bytes');
  });

  it("a JSON file streamed as it is stays a file: only the API's header makes an answer a link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"data":{"url":"/x"}}', { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const file = await fetchAuthedFile('https://app.test/api/f', 'tok');
    expect(file.kind).toBe('blob');
  });

  it('a link answer: the disk’s relative URL is made absolute, a bucket’s is kept, and nothing else is fetched', async () => {
    const fetch = vi.fn(async () => linkAnswer('/api/Files/signed?token=a.b'));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchAuthedFile('https://app.test/api/f', 'tok', 'https://app.test')).toEqual({
      kind: 'link',
      url: 'https://app.test/api/Files/signed?token=a.b',
    });
    fetch.mockImplementationOnce(async () => linkAnswer('https://bucket.s3.test/k?X-Amz-Signature=s'));
    expect(await fetchAuthedFile('https://app.test/api/f', 'tok', 'https://app.test')).toEqual({
      kind: 'link',
      url: 'https://bucket.s3.test/k?X-Amz-Signature=s',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects an answer that is not OK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    await expect(fetchAuthedFile('https://app.test/api/f', 'tok')).rejects.toThrow('HTTP 404');
  });
});

describe('the hooks with signed downloads on', () => {
  it('an avatar shows the signed URL itself (no blob, no token to the bucket)', async () => {
    const createObjectURL = vi.fn(() => 'blob:nope');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined }));
    const fetch = vi.fn(async () => linkAnswer('https://bucket.s3.test/photo?X-Amz-Signature=s'));
    vi.stubGlobal('fetch', fetch);
    render(<UserAvatar firstName="Ada" lastName="Lovelace" photoUrl="/api/CompanyUsers/photo/u-1" />, {
      preloadedState: signedIn(),
    });
    expect(await screen.findByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      'https://bucket.s3.test/photo?X-Amz-Signature=s',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('a download follows the link with a plain anchor: one fetch (with the token) to the API only', async () => {
    const fetch = vi.fn(async () => linkAnswer('/api/Files/signed?token=a.b'));
    vi.stubGlobal('fetch', fetch);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const store = makeStore({ persist: false, preloadedState: signedIn() });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useAuthedDownload(), { wrapper });
    await result.current('/api/Companies/c/documents/d', 'brief.pdf');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(`${window.location.origin}/api/Companies/c/documents/d`, {
      headers: { Authorization: 'Bearer access-1', 'X-Download-Link': '1' },
    });
    expect(clicked).toEqual([
      { href: `${window.location.origin}/api/Files/signed?token=a.b`, download: 'brief.pdf' },
    ]);
  });
});
