import { useEffect, useRef } from 'react';
import {
  LIVE_TAGS,
  liveApi,
  OWN_ECHO_WAIT_MS,
  ownEcho,
  readLiveStream,
  reconnectDelay,
  refetchOwnEcho,
  tagsFor,
} from '../api/live-updates';
import { authApi } from '../features/auth/auth-api';
import { followTaskChange } from '../features/tasks/task-live';
import { useAppDispatch, useAppSelector } from '../hooks/store';

/**
 * Live updates for the signed-in company area, mounted once in its layout: one stream per tab.
 * Each change invalidates the RTK Query tags of what it touched (the open screens refetch). A
 * reconnect names the last change heard (`Last-Event-ID`): when the server resumes from it, the
 * changes missed in between follow and nothing else is refetched; otherwise (too long ago, a new
 * tab) everything live is invalidated. Errors and
 * server restarts reconnect with back-off (1 s doubling to 30 s, jittered). A refused stream (401)
 * or one the server ended with the session asks /api/auth/me once, which refreshes the token the
 * normal way or signs out; a new token is then used on the next connection. Closes on sign-out.
 */
export function useLiveUpdates() {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.accessToken);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const signedIn = !!token;

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let heardBefore = false;
    let refreshTried = false;
    let lastEventId: string | undefined;

    const connect = async () => {
      const current = tokenRef.current;
      if (!current || abort.signal.aborted) return;
      const end = await readLiveStream({
        token: current,
        signal: abort.signal,
        lastEventId,
        onReady: (ready) => {
          if (heardBefore && !ready.resumed) dispatch(liveApi.util.invalidateTags(LIVE_TAGS));
          heardBefore = true;
          attempt = 0;
          refreshTried = false;
        },
        onMessage: (m, changeId) => {
          if (changeId) lastEventId = changeId;
          const act = (echo: ReturnType<typeof ownEcho>) => {
            // Another's task change: the boards follow it from one read of the task (task-live.ts).
            if (echo === 'apply')
              void dispatch(
                m.type === 'task' ? followTaskChange(m) : liveApi.util.invalidateTags(tagsFor(m)),
              );
            else if (echo === 'own') dispatch(refetchOwnEcho(m));
          };
          const echo = ownEcho(m, changeId);
          if (echo !== 'wait') act(echo);
          else
            // This session's change, its id not yet named by an answer of this tab: decide after
            // the answer had time to arrive (this tab's echo is skipped, another tab's applied).
            setTimeout(() => {
              if (abort.signal.aborted) return;
              const later = ownEcho(m, changeId);
              act(later === 'wait' ? 'apply' : later);
            }, OWN_ECHO_WAIT_MS);
        },
      });
      if (abort.signal.aborted) return;
      if (end.kind === 'unauthorized' || (end.kind === 'ended' && end.reason === 'session-ended')) {
        // Once: the normal refresh (or the sign-out when the session is gone for good).
        if (refreshTried) return;
        refreshTried = true;
        await dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
        if (abort.signal.aborted) return;
      }
      timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [signedIn, dispatch]);
}
