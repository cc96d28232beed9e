import Box from '@mui/material/Box';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  TIMESHEET_APPROVALS_PAGE_SIZE,
  TIMESHEET_MESSAGES,
  TIMESHEET_PERMISSIONS,
  type TimesheetWeek,
} from '@taskhive/contract';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { TableScroll } from '../../components/table-scroll';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { ReasonDialog } from './decision-dialogs';
import { ExportDialog } from './export-dialog';
import { DepartmentSelect } from './filters';
import {
  useApproveTimesheetWeeksMutation,
  useRejectTimesheetWeeksMutation,
  useReopenTimesheetWeekMutation,
  useTimesheetApprovalsQuery,
  useTimesheetGridQuery,
} from './timesheet-weeks-api';
import { dayParam, formatWeek, hoursLabel } from './week-days';
import { WeekGrid } from './week-grid';
import { WeekHistory, WeekStatusChip } from './week-status';

const TABS = ['submitted', 'approved', 'rejected'] as const;
type TabStatus = (typeof TABS)[number];
const TAB_LABELS: Record<TabStatus, string> = {
  submitted: 'Waiting for me',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Approve, reject (with a reason) and reopen: one week or many, each refreshing the lists. */
function useDecisions() {
  const toast = useToast();
  const [approve, approving] = useApproveTimesheetWeeksMutation();
  const [reject, rejecting] = useRejectTimesheetWeeksMutation();
  const [reopen, reopening] = useReopenTimesheetWeekMutation();
  const run = async (action: () => Promise<unknown>, ok: string, failed: string) => {
    try {
      await action();
      toast.success(ok);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, failed));
      return false;
    }
  };
  return {
    busy: approving.isLoading || rejecting.isLoading || reopening.isLoading,
    approve: (ids: string[]) =>
      run(
        () => approve({ weekIds: ids }).unwrap(),
        ids.length === 1 ? TIMESHEET_MESSAGES.approved : TIMESHEET_MESSAGES.approvedMany(ids.length),
        'The weeks could not be approved',
      ),
    reject: (ids: string[], reason: string) =>
      run(
        () => reject({ weekIds: ids, reason }).unwrap(),
        ids.length === 1 ? TIMESHEET_MESSAGES.rejected : TIMESHEET_MESSAGES.rejectedMany(ids.length),
        'The weeks could not be rejected',
      ),
    reopen: (id: string, reason: string) =>
      run(
        () => reopen({ id, ...(reason ? { reason } : {}) }).unwrap(),
        TIMESHEET_MESSAGES.reopened,
        'The week could not be reopened',
      ),
  };
}

/** One person's week, read-only, with the approver's decisions. */
function WeekReview({ userId, week, back }: { userId: string; week: string | undefined; back: string }) {
  const {
    data: grid,
    error,
    isLoading,
    refetch,
  } = useTimesheetGridQuery({ userId, ...(week ? { weekStart: week } : {}) });
  const decisions = useDecisions();
  const [dialog, setDialog] = useState<'reject' | 'reopen' | null>(null);
  const backLink = (
    <Button
      component={RouterLink}
      to={back}
      startIcon={<ArrowBackRounded />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Back to approvals
    </Button>
  );
  if (isLoading) return <LinearProgress aria-label="Loading the week" />;
  if (error || !grid)
    return (
      <Stack spacing={2}>
        {backLink}
        <ErrorPanel
          message={errorMessage(error, 'The week could not be loaded')}
          onRetry={() => void refetch()}
        />
      </Stack>
    );
  const id = grid.id;
  return (
    <Stack spacing={2}>
      {backLink}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h4" component="h2">
            {grid.userName}
          </Typography>
          <Typography color="text.secondary">
            {formatWeek(grid.weekStart, grid.weekEnd)}
            {grid.departmentName ? ` · ${grid.departmentName}` : ''}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <WeekStatusChip status={grid.status} />
          <Typography variant="body2">
            {hoursLabel(grid.totalMinutes)} of {hoursLabel(grid.expectedMinutes)}
          </Typography>
          {grid.canApprove && id && (
            <>
              <Button
                variant="contained"
                disabled={decisions.busy}
                onClick={() => void decisions.approve([id])}
              >
                Approve
              </Button>
              <Button
                color="error"
                variant="contained"
                disabled={decisions.busy}
                onClick={() => setDialog('reject')}
              >
                Reject
              </Button>
            </>
          )}
          {grid.canReopen && id && (
            <Button variant="outlined" disabled={decisions.busy} onClick={() => setDialog('reopen')}>
              Reopen
            </Button>
          )}
        </Stack>
      </Stack>
      {grid.status === 'rejected' && grid.reason && <Alert severity="warning">Rejected: {grid.reason}</Alert>}
      <WeekGrid grid={grid} label={`Week of ${grid.userName}`} />
      <MainCard title="History">
        <WeekHistory history={grid.history} />
      </MainCard>
      {id && (
        <ReasonDialog
          key={dialog ?? 'closed'}
          open={dialog !== null}
          title={dialog === 'reject' ? 'Reject this week' : 'Reopen this week'}
          submitLabel={dialog === 'reject' ? 'Reject' : 'Reopen'}
          required={dialog === 'reject'}
          busy={decisions.busy}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            void (dialog === 'reject' ? decisions.reject([id], reason) : decisions.reopen(id, reason)).then(
              (ok) => ok && setDialog(null),
            )
          }
        />
      )}
    </Stack>
  );
}

/**
 * /app/timesheets/approvals: the weeks the reader approves (their departments' people, or everyone
 * with `timesheet:approve:all`), by status and department (`?status=&department=&page=` in the
 * address); select many to approve or reject with one reason; open one (`?person=&week=`) to see
 * its grid; reopen a decided week. Export of approved time for payroll and billing.
 */
export default function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const { can, permissions } = useSession();
  const holds = (p: string) => permissions.includes(p);
  const canExport = holds('report:read:all') || holds(TIMESHEET_PERMISSIONS.approveAll);
  const statusParam = params.get('status');
  const status: TabStatus = TABS.find((t) => t === statusParam) ?? 'submitted';
  const departmentId = params.get('department') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const person = params.get('person');
  const week = dayParam(params.get('week'));
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reopening, setReopening] = useState<TimesheetWeek | null>(null);
  const [exporting, setExporting] = useState(false);
  const decisions = useDecisions();
  const { data, error, isLoading, isFetching, refetch } = useTimesheetApprovalsQuery(
    {
      status,
      page,
      pageSize: TIMESHEET_APPROVALS_PAGE_SIZE,
      ...(departmentId ? { departmentId } : {}),
    },
    { skip: Boolean(person) },
  );

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in patch)) next.delete('page');
    setSelected([]);
    setParams(next);
  };

  if (person) {
    const back = new URLSearchParams(params);
    back.delete('person');
    back.delete('week');
    const q = back.toString();
    return (
      <Stack spacing={3}>
        <PageHeader title="Approvals" />
        <WeekReview userId={person} week={week} back={`/app/timesheets/approvals${q ? `?${q}` : ''}`} />
      </Stack>
    );
  }

  const rows = data?.items ?? [];
  const selectable = rows.filter((w) => w.canApprove && w.id);
  const allSelected = selectable.length > 0 && selectable.every((w) => w.id && selected.includes(w.id));
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const openLink = (w: TimesheetWeek) => {
    const next = new URLSearchParams(params);
    next.set('person', w.userId);
    next.set('week', w.weekStart);
    return `/app/timesheets/approvals?${next.toString()}`;
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the weeks" />;
  else if (error)
    body = (
      <ErrorPanel
        message={errorMessage(error, 'The weeks could not be loaded')}
        onRetry={() => void refetch()}
      />
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={
          status === 'submitted'
            ? 'No week is waiting for you'
            : `No ${TAB_LABELS[status].toLowerCase()} weeks`
        }
      />
    );
  else
    body = (
      <Paper variant="outlined">
        {isFetching && <LinearProgress aria-label="Updating the weeks" />}
        <TableScroll label="Weeks">
          <Table size="small" aria-label="Weeks">
            <TableHead>
              <TableRow>
                {status === 'submitted' && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={!allSelected && selected.length > 0}
                      disabled={selectable.length === 0}
                      onChange={() =>
                        setSelected(allSelected ? [] : selectable.flatMap((w) => (w.id ? [w.id] : [])))
                      }
                      slotProps={{ input: { 'aria-label': 'Select every week on this page' } }}
                    />
                  </TableCell>
                )}
                <TableCell>Person</TableCell>
                <TableCell>Week</TableCell>
                <TableCell align="right">Logged / expected</TableCell>
                <TableCell>Status</TableCell>
                {status !== 'submitted' && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((w) => {
                const label = `${w.userName}, ${formatWeek(w.weekStart, w.weekEnd)}`;
                const under = w.totalMinutes < w.expectedMinutes;
                return (
                  <TableRow key={w.id ?? `${w.userId}-${w.weekStart}`} data-testid="approval-row">
                    {status === 'submitted' && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={Boolean(w.id && selected.includes(w.id))}
                          disabled={!w.canApprove || !w.id}
                          onChange={() => w.id && toggle(w.id)}
                          slotProps={{ input: { 'aria-label': `Select ${label}` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={openLink(w)}
                        aria-label={`Open ${label}`}
                        sx={{ fontWeight: 600 }}
                      >
                        {w.userName}
                      </Link>
                      {w.departmentName && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {w.departmentName}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWeek(w.weekStart, w.weekEnd)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {hoursLabel(w.totalMinutes)} / {hoursLabel(w.expectedMinutes)}
                      {under && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {hoursLabel(w.expectedMinutes - w.totalMinutes)} short
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <WeekStatusChip status={w.status} />
                      {w.status === 'rejected' && w.reason && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          sx={{ maxWidth: 240 }}
                        >
                          “{w.reason}”
                        </Typography>
                      )}
                    </TableCell>
                    {status !== 'submitted' && (
                      <TableCell align="right">
                        {w.canReopen && w.id && (
                          <Button size="small" onClick={() => setReopening(w)} aria-label={`Reopen ${label}`}>
                            Reopen
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroll>
        <TablePagination
          component="div"
          count={data?.totalCount ?? 0}
          page={page - 1}
          rowsPerPage={TIMESHEET_APPROVALS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_e, p) => update({ page: String(p + 1) })}
        />
      </Paper>
    );

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Approvals"
        subtitle="Weeks your team submitted: approve them, or send them back with a reason."
        action={
          canExport && (
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => setExporting(true)}
            >
              Export approved time
            </Button>
          )
        }
      />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Tabs
          value={status}
          onChange={(_e, v: TabStatus) => update({ status: v === 'submitted' ? null : v })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Weeks by status"
          // The tabs take the row's room (all three show at 1440 px); the department keeps its own.
          sx={{ flex: { md: 1 }, minWidth: 0 }}
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} />
          ))}
        </Tabs>
        <Box sx={{ width: { md: 260 }, flexShrink: 0 }}>
          <DepartmentSelect
            enabled={can({ anyOf: ['department:read:all'] })}
            value={departmentId}
            onChange={(id) => update({ department: id })}
          />
        </Box>
      </Stack>
      {status === 'submitted' && selected.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {selected.length} selected
            </Typography>
            <Button
              variant="contained"
              disabled={decisions.busy}
              onClick={() => void decisions.approve(selected).then((ok) => ok && setSelected([]))}
            >
              Approve
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={decisions.busy}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
          </Stack>
        </Paper>
      )}
      {body}
      <ReasonDialog
        key={rejecting ? 'reject-open' : 'reject'}
        open={rejecting}
        title={selected.length === 1 ? 'Reject this week' : `Reject ${selected.length} weeks`}
        submitLabel="Reject"
        required
        busy={decisions.busy}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) =>
          void decisions.reject(selected, reason).then((ok) => {
            if (!ok) return;
            setRejecting(false);
            setSelected([]);
          })
        }
      />
      <ReasonDialog
        key={reopening?.id ?? 'reopen'}
        open={reopening !== null}
        title="Reopen this week"
        submitLabel="Reopen"
        required={false}
        busy={decisions.busy}
        onClose={() => setReopening(null)}
        onConfirm={(reason) =>
          reopening?.id && void decisions.reopen(reopening.id, reason).then((ok) => ok && setReopening(null))
        }
      />
      {exporting && <ExportDialog open onClose={() => setExporting(false)} />}
    </Stack>
  );
}
