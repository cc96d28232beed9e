import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** The task detail opens over the current page from `?task=<taskId>` (a link anyone can share). */
export const TASK_PARAM = 'task';

/** Where a task lives: its project's page with its drawer open. */
export const projectTaskPath = (projectId: string, taskId: string) =>
  `/app/project-detail/${encodeURIComponent(projectId)}?${TASK_PARAM}=${encodeURIComponent(taskId)}`;

const OpenTaskContext = createContext<(taskId: string | null) => void>(() => undefined);

/** Opens (or, with null, closes) the task drawer of the current page. Stable across renders. */
export function useOpenTask() {
  return useContext(OpenTaskContext);
}

/** Gives the cards below it a stable "open this task" that keeps the page's other parameters. */
export function OpenTaskProvider({ children }: { children: ReactNode }) {
  const [, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const open = useCallback((taskId: string | null) => {
    latest.current((p) => {
      const next = new URLSearchParams(p);
      if (taskId) next.set(TASK_PARAM, taskId);
      else next.delete(TASK_PARAM);
      return next;
    });
  }, []);
  return <OpenTaskContext.Provider value={open}>{children}</OpenTaskContext.Provider>;
}
