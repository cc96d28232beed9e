import { IMAGE_MAX_BYTES, MESSAGES, PROFILE_MESSAGES } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { ProfilePhotoCard } from './profile-photo-card';

const session = signedIn();
const user = session.auth.user;
if (!user) throw new Error('signedIn() gives a user');

function png(size: number) {
  return new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });
}

describe('ProfilePhotoCard', () => {
  it('refuses an image larger than 5 MB without uploading', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user: u } = render(<ProfilePhotoCard user={user} subtitle="Engineering" />, {
      preloadedState: session,
    });
    await u.upload(screen.getByLabelText('Profile photo file'), png(IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('The image must be 5 MB or smaller.');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads the chosen image as multipart field "file" and shows the new photo', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    const fetch = vi.fn(async (req: Request) => {
      expect(new URL(req.url).pathname).toBe(`/api/CompanyUsers/upload-profile-photo/${user.userId}`);
      expect(req.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
      expect((await req.formData()).has('file')).toBe(true);
      return jsonResponse(200, { profilePhotoUrl: '/uploads/ada.png' });
    });
    vi.stubGlobal('fetch', fetch);
    const { user: u, store } = render(<ProfilePhotoCard user={user} subtitle="Engineering" />, {
      preloadedState: session,
    });
    await u.upload(screen.getByLabelText('Profile photo file'), png(1024));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(store.getState().auth.user?.profilePhotoUrl).toBe('/uploads/ada.png'));
    expect(store.getState().toast.queue.map((t) => t.severity)).toEqual(['success']);
  });

  it("shows 'Failed to upload image.' when the endpoint is not there", async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, null, { message: 'Route not found' })),
    );
    const { user: u, store } = render(<ProfilePhotoCard user={user} subtitle="Engineering" />, {
      preloadedState: session,
    });
    await u.upload(screen.getByLabelText('Profile photo file'), png(1024));
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() =>
      expect(store.getState().toast.queue.map((t) => [t.message, t.severity])).toEqual([
        [MESSAGES.users.imageUploadFailed, 'error'],
      ]),
    );
    expect(store.getState().auth.user?.profilePhotoUrl).toBeNull();
  });

  it('removes the photo: DELETE, then the session shows no photo', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        calls.push(`${req.method} ${new URL(req.url).pathname}`);
        return jsonResponse(200, null, { message: PROFILE_MESSAGES.photoRemoved });
      }),
    );
    const withPhoto = signedIn({ user: { profilePhotoUrl: '/api/CompanyUsers/photo/ada?v=1' } });
    const shown = withPhoto.auth.user;
    if (!shown) throw new Error('signedIn() gives a user');
    const { user: u, store } = render(<ProfilePhotoCard user={shown} subtitle="Engineering" />, {
      preloadedState: withPhoto,
    });
    await u.click(screen.getByRole('button', { name: 'Remove photo' }));
    await vi.waitFor(() => expect(store.getState().auth.user?.profilePhotoUrl).toBeNull());
    expect(calls).toEqual([`DELETE /api/CompanyUsers/photo/${user.userId}`]);
    expect(store.getState().toast.queue.map((t) => t.message)).toEqual([PROFILE_MESSAGES.photoRemoved]);
  });

  it('offers no removal without a photo', () => {
    render(<ProfilePhotoCard user={user} subtitle="Engineering" />, { preloadedState: session });
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });
});
