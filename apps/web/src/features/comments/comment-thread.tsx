import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_PAGE_SIZE, MESSAGES, type Paged } from '@taskhive/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { CommentEditor } from './comment-editor';

/**
 * How many of a thread's newest items to show: one page at first, a page more per "Load older"
 * (one window, so items arriving meanwhile never make the next page repeat or skip one), up to
 * the API's largest page.
 */
export function useOlderWindow(step: number) {
  const [pageSize, setPageSize] = useState(step);
  return {
    pageSize,
    loadOlder: () => setPageSize((n) => Math.min(n + step, MAX_PAGE_SIZE)),
    hasOlder: (data: Paged<unknown> | undefined) =>
      data ? data.totalCount > data.items.length && pageSize < MAX_PAGE_SIZE : false,
  };
}

export interface CommentThreadViewProps<T> {
  title: string;
  /** The list's accessible name. */
  label: string;
  /** The loaded window (newest last) and its query's state. */
  data: Paged<T> | undefined;
  error: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => void;
  fetchFailed: string;
  emptyTitle: string;
  hasOlder: boolean;
  onLoadOlder: () => void;
  keyOf: (item: T) => string;
  /** One item as a list item (`li`). */
  renderItem: (item: T) => ReactNode;
  /** Posts a comment; rejects when the server refuses (the editor keeps the text). */
  post: (body: string) => Promise<unknown>;
  posting: boolean;
}

/**
 * A thread of comments (a task's timeline, a project's discussion): "Load older" above the
 * newest items, loading, error and empty states, and the comment box below for those who may
 * comment.
 */
export function CommentThreadView<T>({
  title,
  label,
  data,
  error,
  isLoading,
  isFetching,
  refetch,
  fetchFailed,
  emptyTitle,
  hasOlder,
  onLoadOlder,
  keyOf,
  renderItem,
  post,
  posting,
}: CommentThreadViewProps<T>) {
  const toast = useToast();
  const { can } = useSession();

  let body;
  if (isLoading)
    body = <Skeleton variant="rounded" height={80} aria-label={`Loading ${label.toLowerCase()}`} />;
  else if (error && !data) body = <ErrorPanel message={errorMessage(error, fetchFailed)} onRetry={refetch} />;
  else if (!data || data.items.length === 0) body = <EmptyState title={emptyTitle} />;
  else
    body = (
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </Stack>
    );

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1">{title}</Typography>
      {hasOlder && (
        <Button size="small" disabled={isFetching} onClick={onLoadOlder} sx={{ alignSelf: 'center' }}>
          {MESSAGES.comments.loadOlder}
        </Button>
      )}
      {body}
      {can({ anyOf: ['comment:create'] }) && (
        <CommentEditor
          submitLabel="Comment"
          busy={posting}
          onSubmit={async (text) => {
            try {
              await post(text);
              toast.success(MESSAGES.comments.created);
              return true;
            } catch (err) {
              toast.error(errorMessage(err, MESSAGES.comments.createFailed));
              return false;
            }
          }}
        />
      )}
    </Stack>
  );
}
