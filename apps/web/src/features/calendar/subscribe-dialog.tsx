import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALENDAR_FEED_AHEAD_DAYS, CALENDAR_FEED_PAST_DAYS, CALENDAR_MESSAGES } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import {
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useDeleteCalendarFeedMutation,
} from './calendar-api';

type Confirm = 'reset' | 'off' | null;

/**
 * "Subscribe": a private iCalendar link of the tasks assigned to the reader, for Google Calendar,
 * Outlook or Apple Calendar. The link is shown once, when made; reset makes a new one (the old one
 * stops working), turn off removes it.
 */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const feed = useCalendarFeedQuery(undefined, { skip: !open });
  const [create, creating] = useCreateCalendarFeedMutation();
  const [remove, removing] = useDeleteCalendarFeedMutation();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const close = () => {
    setUrl(null);
    onClose();
  };

  const make = async (reset: boolean) => {
    try {
      const made = await create().unwrap();
      setUrl(made.url);
      toast.success(reset ? CALENDAR_MESSAGES.feedReset : CALENDAR_MESSAGES.feedCreated);
    } catch (err) {
      toast.error(errorMessage(err, CALENDAR_MESSAGES.feedFailed));
    } finally {
      setConfirm(null);
    }
  };

  const turnOff = async () => {
    try {
      await remove().unwrap();
      setUrl(null);
      toast.success(CALENDAR_MESSAGES.feedDeleted);
    } catch (err) {
      toast.error(errorMessage(err, CALENDAR_MESSAGES.feedFailed));
    } finally {
      setConfirm(null);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(CALENDAR_MESSAGES.copied);
    } catch {
      toast.error(CALENDAR_MESSAGES.copyFailed);
    }
  };

  let body;
  if (feed.error && !feed.data)
    body = (
      <ErrorPanel
        message={errorMessage(feed.error, CALENDAR_MESSAGES.feedLoadFailed)}
        onRetry={() => void feed.refetch()}
      />
    );
  else if (!feed.data)
    body = <Skeleton variant="rounded" height={72} aria-label="Loading your calendar link" />;
  else if (url)
    body = (
      <Stack spacing={1.5}>
        <Alert severity="warning">
          Copy this link now: it is shown only once. Anyone who has it can see your tasks, so keep it to
          yourself.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label="Your calendar link"
            value={url}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
            }}
          />
          <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
            Copy
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          In your calendar app, add a calendar “from URL” (or “subscribe”) and paste it.
        </Typography>
      </Stack>
    );
  else if (feed.data.active)
    body = (
      <Typography>
        Your calendar link is on (made {formatDate(feed.data.createdAt)}). For your safety it is not shown
        again: reset it to get a new link (the current one stops working), or turn it off.
      </Typography>
    );
  else
    body = (
      <Typography>
        You have no calendar link yet. Create one to follow your tasks in Google Calendar, Outlook or Apple
        Calendar.
      </Typography>
    );

  const active = feed.data?.active ?? false;
  const busy = creating.isLoading || removing.isLoading;

  return (
    <>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="calendar-subscribe-title">
        <DialogTitle id="calendar-subscribe-title">Subscribe to your tasks</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">
              A private link to your own calendar feed (iCalendar): every task assigned to you with a due date
              from {CALENDAR_FEED_PAST_DAYS} days ago to {CALENDAR_FEED_AHEAD_DAYS} days ahead, as an all-day
              event. Your calendar app refreshes it on its own schedule.
            </Typography>
            {body}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {active && (
            <Button color="error" disabled={busy} onClick={() => setConfirm('off')}>
              Turn off
            </Button>
          )}
          {active && (
            <Button disabled={busy} onClick={() => setConfirm('reset')}>
              Reset link
            </Button>
          )}
          {feed.data && !active && (
            <Button variant="contained" disabled={busy} onClick={() => void make(false)}>
              Create link
            </Button>
          )}
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirm === 'reset'}
        title="Reset your calendar link?"
        confirmLabel="Reset link"
        busy={creating.isLoading}
        onConfirm={() => void make(true)}
        onClose={() => setConfirm(null)}
      >
        The current link stops working at once; calendars using it will no longer update. You get a new link
        to add instead.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'off'}
        title="Turn off your calendar link?"
        confirmLabel="Turn off"
        busy={removing.isLoading}
        onConfirm={() => void turnOff()}
        onClose={() => setConfirm(null)}
      >
        The link stops working at once; calendars using it will no longer update.
      </ConfirmDialog>
    </>
  );
}
