import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { BREADCRUMB_MAX_ITEMS } from '@taskhive/contract';
import { Link as RouterLink, useLocation } from 'react-router';
import { useGetProjectQuery } from '../api/projects-api';
import { useGetEmployeeQuery } from '../api/users-api';
import { findTrail, isActivePath, type MenuItem } from '../lib/menu';

/** A record id in a path (a UUID or a number) reads as "Details", not as the raw id. */
const isRecordId = (segment: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || /^\d+$/.test(segment);

const words = (segment: string) =>
  isRecordId(segment)
    ? 'Details'
    : decodeURIComponent(segment)
        .replace(/[-_]+/g, ' ')
        .replace(/\b\w/g, (c) => c.toUpperCase());

type RecordKind = 'project' | 'employee' | 'record' | 'taskkey';

/**
 * A record's page below its list's menu entry: /app/project-detail/:id belongs to Projects
 * (/app/project), and its crumb is the record's name, not "Project Detail > Details".
 */
const RECORD_PAGES: { path: RegExp; list: string; kind: RecordKind }[] = [
  { path: /^\/app\/project-detail\/([^/]+)\/?$/, list: '/app/project', kind: 'project' },
  { path: /^\/app\/employee-profile\/([^/]+)\/?$/, list: '/app/employee', kind: 'employee' },
  { path: /^\/app\/departments\/([^/]+)\/?$/, list: '/app/department', kind: 'record' },
  // A task by its key (/app/t/APL-42) sits under Tasks, named by its key.
  { path: /^\/app\/t\/([^/]+)\/?$/, list: '/app/tasks', kind: 'taskkey' },
  { path: /^\/super-admin\/companies\/([^/]+)\/?$/, list: '/super-admin/companies', kind: 'record' },
];

/** The menu entry whose url is exactly `url` (the list a record page belongs to). */
function entryAt(items: readonly MenuItem[], url: string): MenuItem | undefined {
  for (const item of items) {
    if (item.url && isActivePath(item.url, url) && isActivePath(url, item.url)) return item;
    const found = entryAt(item.children ?? [], url);
    if (found) return found;
  }
  return undefined;
}

/**
 * The name of the record a page shows, read from the cache entry its page loads (the same
 * request, so no second call); "Details" until it arrives.
 */
function useRecordName(kind: RecordKind | undefined, id: string | undefined): string {
  const known = id !== undefined && isRecordId(id);
  const { data: project } = useGetProjectQuery(kind === 'project' && known ? id : skipToken);
  const { data: employee } = useGetEmployeeQuery(kind === 'employee' && known ? id : skipToken);
  if (kind === 'project' && project) return project.name;
  if (kind === 'employee' && employee) return `${employee.firstName} ${employee.lastName}`;
  if (kind === 'taskkey' && id) return decodeURIComponent(id).toUpperCase();
  return 'Details';
}

interface Crumb {
  label: string;
  to?: string | undefined;
  /** The page itself: marked aria-current (and still a link when it has `to`). */
  current?: boolean;
}

/**
 * Breadcrumbs that start with a Dashboard link (at most 8 items): the menu trail of the page
 * (linked); a record's page, its list's entry (linked) then the record's name, linked to the
 * record (from a tab or an open task, back to its first view); else the path's segments below
 * the area root (as text: not every prefix is a page).
 */
export function Breadcrumbs({ items, areaRoot }: { items: readonly MenuItem[]; areaRoot: string }) {
  const { pathname } = useLocation();
  const record = RECORD_PAGES.map((r) => ({ ...r, match: r.path.exec(pathname) })).find((r) => r.match);
  const recordId = record?.match?.[1];
  const recordName = useRecordName(record?.kind, recordId);
  const trail = findTrail(items, pathname).filter((i) => i.type !== 'group');
  let crumbs: Crumb[];
  if (record) {
    const list = entryAt(items, record.list);
    crumbs = [
      ...(list ? [{ label: list.title ?? list.id, to: list.url }] : []),
      { label: recordName, to: pathname, current: true },
    ];
  } else if (trail.length > 0) {
    crumbs = trail.map((i) => ({ label: i.title ?? i.id, to: i.url }));
  } else {
    crumbs = pathname
      .slice(areaRoot.length)
      .split('/')
      .filter(Boolean)
      .map((seg) => ({ label: words(seg) }));
  }
  const shown = crumbs.filter((c) => c.label.toLowerCase() !== 'dashboard');

  return (
    <MuiBreadcrumbs
      aria-label="breadcrumb"
      maxItems={BREADCRUMB_MAX_ITEMS}
      separator={<NavigateNextRounded fontSize="small" />}
      sx={{ mb: 2.5, '& .MuiBreadcrumbs-li': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
        Dashboard
      </Link>
      {shown.map((c, idx) =>
        c.current && c.to ? (
          <Link
            key={c.label + idx}
            component={RouterLink}
            to={c.to}
            underline="hover"
            color="text.primary"
            aria-current="page"
          >
            {c.label}
          </Link>
        ) : idx === shown.length - 1 || !c.to ? (
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
