import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { AVATAR_SIZE_DEFAULT } from '@taskhive/contract';
import { AVATAR_COLORS } from '../app/theme/avatar-colors';
import { useAuthedImage } from '../hooks/use-authed-image';
import { avatarColorIndex, initialsOf, resolvePhotoUrl } from '../lib/avatar';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  photoUrl?: string | null | undefined;
  size?: number;
}

/** The photo when a usable one exists, else initials on a colour picked from the full name. */
export function UserAvatar({
  firstName,
  lastName,
  photoUrl,
  size = AVATAR_SIZE_DEFAULT,
  sx,
  ...rest
}: UserAvatarProps) {
  const src = useAuthedImage(resolvePhotoUrl(photoUrl));
  const fullName = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  const color = AVATAR_COLORS[avatarColorIndex(fullName)];
  return (
    <Avatar
      alt={fullName || 'User'}
      src={src ?? undefined}
      sx={[
        { width: size, height: size, fontSize: size * 0.4, fontWeight: 600 },
        // The colour stays behind a photo too, so a photo that fails to load falls back to coloured initials.
        { bgcolor: color, color: 'common.white' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    >
      {initialsOf(firstName, lastName)}
    </Avatar>
  );
}
