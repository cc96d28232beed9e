import Avatar from '@mui/material/Avatar';
import { useAuthedImage } from '../../hooks/use-authed-image';
import { initialsOf, resolvePhotoUrl } from '../../lib/avatar';

/** The company's logo (served with the bearer token), or its initials on the brand colour. */
export function CompanyLogo({
  name,
  logoUrl,
  size = 40,
}: {
  name: string;
  logoUrl: string | null;
  size?: number;
}) {
  const src = useAuthedImage(resolvePhotoUrl(logoUrl));
  const [first = '', ...rest] = name.split(/\s+/);
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={`${name} logo`}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.38,
        fontWeight: 700,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {initialsOf(first, rest.join(' '))}
    </Avatar>
  );
}
