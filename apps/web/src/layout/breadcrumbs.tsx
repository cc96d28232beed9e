import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BREADCRUMB_MAX_ITEMS } from '@taskhive/contract';
import { Link as RouterLink, useLocation } from 'react-router';
import { findTrail, type MenuItem } from '../lib/menu';

/** A record id in a path (a UUID or a number) reads as "Details", not as the raw id. */
const isRecordId = (segment: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || /^\d+$/.test(segment);

const words = (segment: string) =>
  isRecordId(segment)
    ? 'Details'
    : decodeURIComponent(segment)
        .replace(/[-_]+/g, ' ')
        .replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Breadcrumbs that start with a Dashboard link (at most 8 items): the menu trail of the page
 * (linked), else the path's segments below the area root (as text: not every prefix is a page).
 */
export function Breadcrumbs({ items, areaRoot }: { items: readonly MenuItem[]; areaRoot: string }) {
  const { pathname } = useLocation();
  const trail = findTrail(items, pathname).filter((i) => i.type !== 'group');
  const crumbs: { label: string; to?: string | undefined }[] =
    trail.length > 0
      ? trail.map((i) => ({ label: i.title ?? i.id, to: i.url }))
      : pathname
          .slice(areaRoot.length)
          .split('/')
          .filter(Boolean)
          .map((seg) => ({ label: words(seg) }));
  const shown = crumbs.filter((c) => c.label.toLowerCase() !== 'dashboard');

  return (
    <MuiBreadcrumbs
      aria-label="breadcrumb"
      maxItems={BREADCRUMB_MAX_ITEMS}
      separator={<NavigateNextRounded fontSize="small" />}
      sx={{ mb: 2.5 }}
    >
      <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
        Dashboard
      </Link>
      {shown.map((c, idx) =>
        idx === shown.length - 1 || !c.to ? (
          <Typography key={c.label + idx} color="text.primary" aria-current="page">
            {c.label}
          </Typography>
        ) : (
          <Link key={c.label + idx} component={RouterLink} to={c.to} underline="hover" color="inherit">
            {c.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
