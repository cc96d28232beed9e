import Skeleton from '@mui/material/Skeleton';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES, TASK_KEY_PATTERN } from '@taskhive/contract';
import { Navigate, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { NotFound } from '../../components/not-found';
import { projectTaskPath } from './task-link';
import { useGetTaskByKeyQuery } from './tasks-api';

/**
 * /app/t/{key}: a task by the key people say and type (`APL-42`, any case). It opens the task
 * where it lives, its project with the drawer (replacing this address in the history, so Back
 * leaves the task rather than bouncing here). A key that is malformed, unknown or out of the
 * reader's reach shows the not-found page.
 */
export default function TaskKeyPage() {
  const { key = '' } = useParams();
  const wellFormed = TASK_KEY_PATTERN.test(key);
  const { currentData: task, error, refetch } = useGetTaskByKeyQuery(wellFormed ? key : skipToken);

  if (!wellFormed || (error && errorStatus(error) === 404)) return <NotFound inLayout />;
  if (error)
    return (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.tasks.detailsFailed)}
        onRetry={() => void refetch()}
      />
    );
  if (task) return <Navigate to={projectTaskPath(task.projectId, task.taskId)} replace />;
  return <Skeleton variant="rounded" height={320} aria-busy="true" aria-label={`Opening ${key}`} />;
}
