import type { TaskList, TaskListDetail } from '@taskhive/contract';
import type { TaskListRow } from './task-lists.repo.ts';

export function toTaskList(row: TaskListRow): TaskList {
  return {
    taskListId: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    startDate: row.startDate,
    endDate: row.endDate,
    taskCount: row.taskCount,
    overallProgress: row.overallProgress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTaskListDetail(row: TaskListRow): TaskListDetail {
  return { ...toTaskList(row), projectName: row.projectName };
}
