import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WATCHER_MESSAGES } from '@taskhive/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { UserAvatar } from '../../components/user-avatar';
import { useToast } from '../../hooks/use-toast';
import { useSetWatchingMutation, useTaskWatchersQuery } from './watchers-api';

const countLabel = (n: number) => (n === 1 ? '1 watcher' : `${n} watchers`);

/**
 * The drawer's Watch/Unwatch toggle, with the watcher count; the count opens the names. Watchers
 * hear of the task's status, edits, due date and comments (the notifications settings decide how).
 */
export function TaskWatchers({ taskId }: { taskId: string }) {
  const toast = useToast();
  const listId = useId();
  const [showNames, setShowNames] = useState(false);
  const { data, isLoading, isError } = useTaskWatchersQuery(taskId);
  const [setWatching, { isLoading: saving }] = useSetWatchingMutation();

  if (isLoading) return <Skeleton variant="rounded" height={32} width={220} />;
  if (isError || !data)
    return (
      <Typography variant="body2" color="error" role="alert">
        {WATCHER_MESSAGES.loadFailed}
      </Typography>
    );

  const toggle = async () => {
    try {
      const next = await setWatching({ taskId, watch: !data.watching }).unwrap();
      toast.success(next.watching ? WATCHER_MESSAGES.watched : WATCHER_MESSAGES.unwatched);
    } catch (err) {
      toast.error(errorMessage(err, WATCHER_MESSAGES.failed));
    }
  };

  return (
    <Stack spacing={1} data-testid="task-watchers">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          variant={data.watching ? 'contained' : 'outlined'}
          aria-pressed={data.watching}
          disabled={saving}
          startIcon={data.watching ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
          onClick={() => void toggle()}
          title={WATCHER_MESSAGES.hint}
        >
          {data.watching ? WATCHER_MESSAGES.unwatch : WATCHER_MESSAGES.watch}
        </Button>
        <Button
          size="small"
          color="inherit"
          aria-expanded={showNames}
          aria-controls={listId}
          disabled={data.count === 0}
          onClick={() => setShowNames((v) => !v)}
        >
          {countLabel(data.count)}
        </Button>
      </Stack>
      <Collapse in={showNames && data.count > 0} unmountOnExit>
        <Stack
          id={listId}
          component="ul"
          aria-label={WATCHER_MESSAGES.watchers}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {data.watchers.map((w) => (
            <li key={w.userId}>
              <Chip
                size="small"
                avatar={
                  <UserAvatar
                    firstName={w.firstName}
                    lastName={w.lastName}
                    photoUrl={w.profilePhotoUrl}
                    size={20}
                  />
                }
                label={`${w.firstName} ${w.lastName}`}
              />
            </li>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
