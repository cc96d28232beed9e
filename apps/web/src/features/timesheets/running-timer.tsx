import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
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
        label={
          <Box component="span" sx={{ display: 'flex', gap: 0.75, minWidth: 0 }}>
            {/* The task gives way (cut with an ellipsis, and left out on a phone); the time never does. */}
            <Box
              component="span"
              sx={{
                display: { xs: 'none', sm: 'block' },
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {timer.taskTitle}
            </Box>
            <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
              {elapsed(timer.startedAt, now)}
            </Box>
          </Box>
        }
        onDelete={stopping.isLoading ? undefined : () => void onStop()}
        deleteIcon={
          <Tooltip title="Stop timer">
            <StopRounded aria-label="Stop timer" />
          </Tooltip>
        }
        sx={{ maxWidth: { sm: 340 }, flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/**
 * The timer of a task (task detail): Start, or Stop with the time so far while it runs on this
 * task. While a timer runs on another task, Start waits and says which (Stop it there or in the
 * header).
 */
export function StartTimerButton({ taskId }: { taskId: string }) {
  const { can } = useSession();
  const toast = useToast();
  const tracks = can({ anyOf: ['timelog:create'] });
  const { data: timer } = useRunningTimerQuery(tracks ? undefined : skipToken);
  const [start, starting] = useStartTimerMutation();
  const [stop, stopping] = useStopTimerMutation();
  const mine = timer?.taskId === taskId;
  const now = useNow(mine);
  if (!tracks) return null;
  const onStart = async () => {
    try {
      await start({ taskId }).unwrap();
      toast.success(MESSAGES.timesheets.timerStarted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.generic));
    }
  };
  const onStop = async () => {
    if (!timer) return;
    try {
      await stop({ loggedAt: localDay(new Date(timer.startedAt)) }).unwrap();
      toast.success(MESSAGES.timesheets.created);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.timesheets.createFailed));
    }
  };
  if (timer && mine) {
    return (
      <Button
        variant="contained"
        startIcon={<StopRounded />}
        disabled={stopping.isLoading}
        onClick={() => void onStop()}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Stop timer
        <Box component="span" sx={{ ml: 0.75, fontVariantNumeric: 'tabular-nums' }}>
          {elapsed(timer.startedAt, now)}
        </Box>
      </Button>
    );
  }
  const button = (
    <Button
      variant="outlined"
      startIcon={<PlayArrowRounded />}
      disabled={Boolean(timer) || starting.isLoading}
      onClick={() => void onStart()}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Start timer
    </Button>
  );
  return timer ? (
    <Tooltip title={`A timer runs on ${timer.taskTitle}: stop it first`}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
