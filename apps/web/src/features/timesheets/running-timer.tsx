import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES } from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { localDay } from './days';
import { useRunningTimerQuery, useStartTimerMutation, useStopTimerMutation } from './timesheets-api';

/** How often another device's start or stop shows up here. */
const TIMER_POLL_MS = 60_000;

function elapsed(startedAt: string, now: number): string {
  const s = Math.max(0, Math.floor((now - new Date(startedAt).getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/**
 * The running timer in the header: the task and the time so far, and Stop, which logs the entry
 * on the local day it started. Nothing shows while no timer runs. It lives on the server, so it
 * survives a reload and shows on a second device.
 */
export function RunningTimerChip() {
  const { can } = useSession();
  const toast = useToast();
  const tracks = can({ anyOf: ['timelog:create'] });
  const { data: timer } = useRunningTimerQuery(tracks ? undefined : skipToken, {
    pollingInterval: TIMER_POLL_MS,
    refetchOnFocus: true,
  });
  const now = useNow(Boolean(timer));
  const [stop, stopping] = useStopTimerMutation();
  if (!timer) return null;
  const onStop = async () => {
    try {
      await stop({ loggedAt: localDay(new Date(timer.startedAt)) }).unwrap();
      toast.success(MESSAGES.timesheets.created);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.timesheets.createFailed));
    }
  };
  return (
    <Tooltip title={`${timer.projectName} · ${timer.taskTitle}`}>
      <Chip
        icon={<TimerOutlined />}
        color="primary"
        variant="outlined"
        aria-label="Running timer"
        label={`${timer.taskTitle} · ${elapsed(timer.startedAt, now)}`}
        onDelete={stopping.isLoading ? undefined : () => void onStop()}
        deleteIcon={
          <Tooltip title="Stop timer">
            <StopRounded aria-label="Stop timer" />
          </Tooltip>
        }
        sx={{ maxWidth: { xs: 180, sm: 320 } }}
      />
    </Tooltip>
  );
}

/** Start a timer on a task (for the task detail); disabled while a timer runs. */
export function StartTimerButton({ taskId }: { taskId: string }) {
  const { can } = useSession();
  const toast = useToast();
  const tracks = can({ anyOf: ['timelog:create'] });
  const { data: timer } = useRunningTimerQuery(tracks ? undefined : skipToken);
  const [start, starting] = useStartTimerMutation();
  if (!tracks) return null;
  const running = Boolean(timer);
  const onStart = async () => {
    try {
      await start({ taskId }).unwrap();
      toast.success(MESSAGES.timesheets.timerStarted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.generic));
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<PlayArrowRounded />}
      disabled={running || starting.isLoading}
      onClick={() => void onStart()}
    >
      {timer?.taskId === taskId ? 'Timer running' : 'Start timer'}
    </Button>
  );
}
