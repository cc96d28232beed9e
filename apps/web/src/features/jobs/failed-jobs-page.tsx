import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type FailedJob, JOB_MESSAGES, MESSAGES } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { type ListColumn, ListTable } from '../../components/list-table';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { useListFailedJobsQuery, useRetryJobMutation } from './jobs-api';

const PAGE_SIZE = 25;

/** What each task does, for people; an unknown task shows its name. */
const TASK_LABELS: Record<string, string> = {
  'mail:notification': 'Notification email',
  'mail:invitation': 'Invitation email',
  'mail:password-reset': 'Password reset email',
  'jobs:prune-dead': 'Prune dead jobs',
};

const COLUMNS: readonly ListColumn<FailedJob, 'failedAt'>[] = [
  { id: null, label: 'Job', cell: (j) => TASK_LABELS[j.task] ?? j.task },
  {
    id: null,
    label: 'State',
    cell: (j) =>
      j.state === 'dead' ? (
        <Chip size="small" color="error" label="Dead" />
      ) : (
        <Chip size="small" color="warning" label="Retrying" />
      ),
  },
  { id: null, label: 'Attempts', cell: (j) => `${j.attempts} of ${j.maxAttempts}` },
  { id: null, label: 'Failed', cell: (j) => formatDate(j.failedAt, true) },
  {
    id: null,
    label: 'Next attempt',
    cell: (j) => (j.nextAttemptAt ? formatDate(j.nextAttemptAt, true) : '—'),
  },
  {
    id: null,
    label: 'Last error',
    cell: (j) => (
      <Typography variant="body2" sx={{ wordBreak: 'break-word', maxWidth: 420 }}>
        {j.lastError}
      </Typography>
    ),
  },
];

/**
 * Super Admin: background jobs (mail, periodic work) whose last attempt failed, retrying with
 * back-off or dead after their last attempt, with a retry that gives one a fresh set of attempts.
 */
export default function FailedJobsPage() {
  const { data, isLoading, isFetching, error, refetch } = useListFailedJobsQuery();
  const [retryJob, { isLoading: retrying }] = useRetryJobMutation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const rows = data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const retry = async (job: FailedJob) => {
    try {
      const { message } = await retryJob(job.jobId).unwrap();
      toast.success(message || JOB_MESSAGES.retried);
    } catch (e) {
      toast.error(errorMessage(e, MESSAGES.generic));
    }
  };

  return (
    <>
      <PageHeader
        title="Failed jobs"
        subtitle="Background work (mail, periodic jobs) whose last attempt failed"
      />
      <MainCard>
        <ListTable
          label="Failed jobs"
          noun="failed jobs"
          columns={COLUMNS}
          rows={rows}
          rowKey={(j) => j.jobId}
          actions={(j) => (
            <Button
              size="small"
              disabled={retrying}
              onClick={() => void retry(j)}
              aria-label={`Retry job ${j.jobId}`}
            >
              Retry
            </Button>
          )}
          total={data?.length ?? 0}
          page={page}
          pageSize={PAGE_SIZE}
          pageSizeOptions={[PAGE_SIZE]}
          onPageChange={setPage}
          sortBy="failedAt"
          sortOrder="desc"
          onSort={() => {}}
          isLoading={isLoading}
          isFetching={isFetching}
          error={error}
          errorFallback={MESSAGES.generic}
          onRetry={() => void refetch()}
          empty={{ title: JOB_MESSAGES.none, description: 'Every job has run or is waiting for its turn.' }}
        />
      </MainCard>
    </>
  );
}
