import { INITIALS_PALETTE_SIZE } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AVATAR_COLORS } from '../app/theme/avatar-colors';
import { UserAvatar } from '../components/user-avatar';
import { render, signedIn } from '../test/render';
import { avatarColorIndex, initialsOf, resolvePhotoUrl } from './avatar';

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('avatar helpers', () => {
  it('takes the initials of first and last name, upper-cased', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf('  Grace ', '')).toBe('GR');
    expect(initialsOf(null, undefined)).toBe('?');
  });

  it('picks a stable colour over the 19-colour palette from the full name', () => {
    expect(AVATAR_COLORS).toHaveLength(INITIALS_PALETTE_SIZE);
    expect(INITIALS_PALETTE_SIZE).toBe(19);
    expect(avatarColorIndex('Ada Lovelace')).toBe(avatarColorIndex('Ada Lovelace'));
    const names = Array.from({ length: 200 }, (_v, i) => `Person ${i} Example`);
    const indexes = new Set(names.map(avatarColorIndex));
    for (const i of indexes) expect(i).toBeGreaterThanOrEqual(0);
    for (const i of indexes) expect(i).toBeLessThan(19);
    expect(indexes.size).toBe(19);
  });

  it('treats empty values and the default placeholder as no photo', () => {
    expect(resolvePhotoUrl(null)).toBeNull();
    expect(resolvePhotoUrl('  ')).toBeNull();
    expect(resolvePhotoUrl('/uploads/default-avatar.png')).toBeNull();
    expect(resolvePhotoUrl('https://cdn.test/img/Default-Avatar.svg')).toBeNull();
  });

  it('prefixes a relative URL with the site origin and keeps an absolute one', () => {
    expect(resolvePhotoUrl('/uploads/p/1.png', 'https://app.test')).toBe('https://app.test/uploads/p/1.png');
    expect(resolvePhotoUrl('uploads/p/1.png', 'https://app.test')).toBe('https://app.test/uploads/p/1.png');
    expect(resolvePhotoUrl('http://cdn.test/1.png', 'https://app.test')).toBe('http://cdn.test/1.png');
    expect(resolvePhotoUrl('https://cdn.test/1.png', 'https://app.test')).toBe('https://cdn.test/1.png');
  });
});

describe('UserAvatar', () => {
  it('shows initials on the colour of the name when there is no usable photo', () => {
    render(<UserAvatar firstName="Ada" lastName="Lovelace" photoUrl="/files/default-avatar.png" size={48} />);
    const avatar = screen.getByText('AL');
    const color = AVATAR_COLORS[avatarColorIndex('Ada Lovelace')] ?? '';
    expect(avatar).toHaveStyle({ backgroundColor: hexToRgb(color), width: '48px' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the photo, with a relative URL prefixed by the origin', () => {
    render(<UserAvatar firstName="Ada" lastName="Lovelace" photoUrl="/uploads/ada.png" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      `${window.location.origin}/uploads/ada.png`,
    );
  });

  it('loads a photo served by the API with the bearer token and shows it from a blob URL', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'https://object-url.test/photo-1',
        revokeObjectURL: () => undefined,
      }),
    );
    const fetch = vi.fn(async () => new Response('png-bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(<UserAvatar firstName="Ada" lastName="Lovelace" photoUrl="/api/CompanyUsers/photo/u-1?v=2" />, {
      preloadedState: signedIn(),
    });
    expect(await screen.findByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      'https://object-url.test/photo-1',
    );
    expect(fetch).toHaveBeenCalledWith(`${window.location.origin}/api/CompanyUsers/photo/u-1?v=2`, {
      headers: { Authorization: 'Bearer access-1', 'X-Download-Link': '1' },
    });
  });

  it('is 140 px by default', () => {
    render(<UserAvatar firstName="Grace" lastName="Hopper" />);
    expect(screen.getByText('GH')).toHaveStyle({ width: '140px', height: '140px' });
  });
});
