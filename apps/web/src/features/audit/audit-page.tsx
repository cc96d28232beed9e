import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  AUDIT_KIND_GROUPS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  type AuditEvent,
  DEFAULT_PAGE,
  MAX_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZE,
  type UserProfile,
} from '@taskhive/contract';
import type { EmployeeListArgs } from '../../api/employee-query';
import { useListEmployeesQuery } from '../../api/users-api';
import { ListTable, type ListColumn } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { hideBelowMd } from '../../components/sortable-table-head';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useListQuery, type ListQueryBase } from '../../hooks/use-list-query';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { auditParams, type AuditFilterValues, useListAuditQuery } from './audit-api';

/** Everyone who may appear in the log, deactivated people included. */
const PEOPLE: EmployeeListArgs = { page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'firstName' };
const NO_PEOPLE: UserProfile[] = [];

type AuditQuery = ListQueryBase<'at'> & AuditFilterValues;

const DEFAULT_QUERY: AuditQuery = {
  page: DEFAULT_PAGE,
  pageSize: PAGE_SIZE.audit,
  sortBy: 'at',
  sortOrder: 'desc',
  search: '',
  userId: '',
  kind: '',
  from: '',
  to: '',
};

const fullName = (u: Pick<UserProfile, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`;

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** An event's details for people: ids left out, a change as "from → to". */
export function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key.endsWith('Id')) continue;
    if (key === 'changes' && value && typeof value === 'object') {
      for (const [field, change] of Object.entries(value as Record<string, { from: unknown; to: unknown }>))
        parts.push(`${field}: ${shown(change.from)} → ${shown(change.to)}`);
    } else parts.push(`${key}: ${shown(value)}`);
  }
  if ('from' in details && 'to' in details) {
    const rest = parts.filter((p) => !p.startsWith('from: ') && !p.startsWith('to: '));
    return [`${shown(details.from)} → ${shown(details.to)}`, ...rest].join(' · ');
  }
  return parts.join(' · ');
}

function Person({
  name,
  email,
  platform,
  onBehalfOf,
}: {
  name: string | null;
  email: string | null;
  platform?: boolean;
  /** Whom the person acted for (a Super Admin impersonating the Company Admin). */
  onBehalfOf?: string | null;
}) {
  if (!name && !email) return <>—</>;
  return (
    <>
      <Typography variant="body2" component="span">
        {name ?? email}
      </Typography>
      {platform && <Chip size="small" label="Platform admin" sx={{ ml: 1 }} />}
      {onBehalfOf && (
        <Typography variant="body2" color="text.secondary">
          for {onBehalfOf}
        </Typography>
      )}
      {name && email && (
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {email}
        </Typography>
      )}
    </>
  );
}

const COLUMNS: ListColumn<AuditEvent, 'at'>[] = [
  { id: null, label: 'When', cell: (e) => formatDate(e.at, true), cellSx: { whiteSpace: 'nowrap' } },
  { id: null, label: 'What', cell: (e) => AUDIT_KIND_LABELS[e.kind] },
  {
    id: null,
    label: 'By',
    cell: (e) =>
      e.actorId || e.actorName ? (
        <Person
          name={e.actorName}
          email={e.actorEmail}
          platform={e.actorIsPlatformAdmin}
          onBehalfOf={e.onBehalfOfName}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {e.kind === 'signin.failed' ? 'Unknown' : 'System'}
        </Typography>
      ),
  },
  { id: null, label: 'About', cell: (e) => <Person name={e.subjectName} email={e.subjectEmail} /> },
  { id: null, label: 'Details', cell: (e) => describeDetails(e.details) || '—' },
  { id: null, label: 'Address', sx: hideBelowMd, cell: (e) => e.ip ?? '—' },
];

const KIND_OPTIONS = [...AUDIT_KIND_GROUPS, ...AUDIT_KINDS];

/** /app/company/audit: who did what to roles, permissions, people and modules, and every sign-in. */
export default function AuditPage() {
  const { can } = useSession();
  const toast = useToast();
  const download = useAuthedDownload();
  const list = useListQuery(DEFAULT_QUERY, { debounceMs: 0 });
  const { query } = list;
  const { search: _search, sortBy: _sortBy, sortOrder: _sortOrder, ...args } = query;
  const { data, error, isLoading, isFetching, refetch } = useListAuditQuery(args);
  const { people, peopleLoading } = useListEmployeesQuery(
    can({ anyOf: ['employee:read', 'employee:read:all'] }) ? PEOPLE : skipToken,
    { selectFromResult: (r) => ({ people: r.data?.items ?? NO_PEOPLE, peopleLoading: r.isLoading }) },
  );
  const person = people.find((p) => p.userId === query.userId) ?? null;
  const filtered = Boolean(query.userId || query.kind || query.from || query.to);

  const exportCsv = async () => {
    const { userId, kind, from, to } = query;
    const params = new URLSearchParams(
      Object.entries(auditParams({ userId, kind, from, to })).map(([k, v]) => [k, String(v)]),
    );
    try {
      await download(`/api/Audit/export.csv?${params.toString()}`, 'audit-log.csv');
    } catch {
      toast.error(MESSAGES.audit.exportFailed);
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Audit log"
        subtitle="Sign-ins, role and permission changes, invitations, deactivations and module grants."
        action={
          <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <MainCard>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Autocomplete
            options={people}
            loading={peopleLoading}
            value={person}
            onChange={(_e, v) => list.update({ userId: v?.userId ?? '' })}
            getOptionLabel={fullName}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            renderOption={(props, option) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  {fullName(option)} · {option.email}
                </li>
              );
            }}
            renderInput={(params) => <TextField {...params} size="small" label="User" />}
            sx={{ minWidth: 240 }}
          />
          <TextField
            select
            size="small"
            label="Kind"
            value={query.kind}
            onChange={(e) => list.update({ kind: e.target.value })}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">All kinds</MenuItem>
            {KIND_OPTIONS.map((k) => (
              <MenuItem key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label="From (UTC)"
            value={query.from}
            onChange={(e) => list.update({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: query.to || undefined } }}
          />
          <TextField
            type="date"
            size="small"
            label="To (UTC)"
            value={query.to}
            onChange={(e) => list.update({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: query.from || undefined } }}
          />
          {filtered && (
            <Button onClick={() => list.update({ userId: '', kind: '', from: '', to: '' })}>
              Clear filters
            </Button>
          )}
        </Stack>
        <ListTable
          label="Audit log"
          noun="audit events"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(e) => e.id}
          total={data?.totalCount ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          pageSizeOptions={[PAGE_SIZE.audit, 50, 100]}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          sortBy="at"
          sortOrder="desc"
          onSort={() => undefined}
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          errorFallback={MESSAGES.audit.loadFailed}
          onRetry={() => void refetch()}
          empty={
            filtered
              ? { title: 'No events match these filters' }
              : { title: 'No events yet', description: 'Sign-ins and access changes will show here.' }
          }
        />
      </MainCard>
    </Stack>
  );
}
