import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IMPERSONATION_MESSAGES, isSuperAdmin } from '@taskhive/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { authActions } from '../../app/slices/auth-slice';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { useToast } from '../../hooks/use-toast';
import { impersonationEnd, useEndImpersonationMutation, useGetImpersonationQuery } from './impersonation-api';
import { useSwitchSession } from './use-switch-session';

/** "12:05" for seconds left (hours only when there are any). */
export function timeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * The banner of the company screens while the Super Admin acts as the Company Admin: whom, why
 * and how long is left, with "End impersonation". At the limit (or once the session's token is no
 * impersonation any more: a refresh after the limit gave the Super Admin's own back) it ends by
 * itself and the Super Admin is back on the company's page of their own screens. Renders nothing
 * for any other session; the Super Admin's own session in the company area (a reload during an
 * impersonation: the token lived in memory, the refresh cookie is theirs) goes to their screens.
 */
export function ImpersonationBanner() {
  const token = useAppSelector((s) => s.auth.accessToken);
  const companyId = useAppSelector((s) => s.auth.companyId);
  const superAdmin = useAppSelector((s) => isSuperAdmin(s.auth.user));
  const end = impersonationEnd(token);
  const { data } = useGetImpersonationQuery(undefined, { skip: end === null });
  const [endImpersonation] = useEndImpersonationMutation();
  const switchTo = useSwitchSession();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [now, setNow] = useState(() => Date.now());
  const ending = useRef(false);
  /** The company acted in, kept for the way back once the token no longer says so. */
  const actedIn = useRef<string | null>(null);
  if (end !== null && companyId) actedIn.current = companyId;

  const finish = useCallback(
    async (message: string) => {
      if (ending.current) return;
      ending.current = true;
      // The company screens leave first (the guards show their loader), so nothing of theirs asks
      // the server with the token about to be revoked.
      dispatch(authActions.logoutStarted());
      try {
        const own = await endImpersonation().unwrap();
        toast.info(message);
        await switchTo(
          own,
          actedIn.current ? `/super-admin/companies/${actedIn.current}` : '/super-admin/dashboard',
        );
      } catch (e) {
        toast.error(errorMessage(e));
        dispatch(authActions.sessionCleared());
      } finally {
        ending.current = false;
        actedIn.current = null;
      }
    },
    [endImpersonation, switchTo, toast, dispatch],
  );

  useEffect(() => {
    if (end === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);

  const left = end === null ? null : end - now / 1000;
  useEffect(() => {
    if (left !== null && left <= 0) void finish(IMPERSONATION_MESSAGES.expired);
  }, [left, finish]);
  // The token changed under an impersonation (a refresh after its limit): back to the own screens.
  useEffect(() => {
    if (end === null && token && actedIn.current) void finish(IMPERSONATION_MESSAGES.expired);
  }, [end, token, finish]);

  if (end === null && superAdmin && !actedIn.current) return <Navigate to="/super-admin/dashboard" replace />;
  if (end === null || left === null) return null;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label="Impersonation"
      sx={{
        mb: 2,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { minWidth: 0, flex: 1 },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, pt: 0 },
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => void finish(IMPERSONATION_MESSAGES.ended)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {IMPERSONATION_MESSAGES.endImpersonation}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {data
          ? `Acting as ${data.actingAs.name} (${data.actingAs.email}), Company Admin of ${data.companyName}`
          : 'Acting as the Company Admin'}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {data ? `Reason: ${data.reason} · ` : ''}
        <span aria-label="Time left">{timeLeft(left)} left</span>
      </Typography>
    </Alert>
  );
}
