import type { ActivityField } from '@taskhive/contract';
import type { ChangeField } from '../../lib/live-events.ts';

/** What a task looks like to its history: the shown values, names not ids. */
export type TaskState = {
  id: string;
  projectId: string;
  title: string;
  description: string | null;
  statusName: string | null;
  priorityName: string | null;
  startDate: string | null;
  dueDate: string | null;
  listName: string;
  assignees: string[];
};

export type ProjectState = {
  id: string;
  name: string;
  description: string | null;
  statusName: string | null;
  startDate: string | null;
  endDate: string | null;
};

const joined = (names: string[]) => (names.length ? [...names].sort().join(', ') : null);

function differences<S>(
  before: S,
  after: S,
  fields: readonly [ActivityField, (s: S) => string | null][],
): ChangeField[] {
  const out: ChangeField[] = [];
  for (const [field, read] of fields) {
    const from = read(before);
    const to = read(after);
    if (from === to) continue;
    // A description can be long: the line says that it changed, not what it said.
    out.push(field === 'description' ? { field, from: null, to: null } : { field, from, to });
  }
  return out;
}

const TASK_FIELDS: readonly [ActivityField, (s: TaskState) => string | null][] = [
  ['title', (s) => s.title],
  ['description', (s) => s.description],
  ['status', (s) => s.statusName],
  ['priority', (s) => s.priorityName],
  ['assignees', (s) => joined(s.assignees)],
  ['startDate', (s) => s.startDate],
  ['dueDate', (s) => s.dueDate],
  ['list', (s) => s.listName],
];

const PROJECT_FIELDS: readonly [ActivityField, (s: ProjectState) => string | null][] = [
  ['title', (s) => s.name],
  ['description', (s) => s.description],
  ['status', (s) => s.statusName],
  ['startDate', (s) => s.startDate],
  ['endDate', (s) => s.endDate],
];

/** One field per value that differs between the task before and after a write. */
export const taskChanges = (before: TaskState, after: TaskState): ChangeField[] =>
  differences(before, after, TASK_FIELDS);

export const projectChanges = (before: ProjectState, after: ProjectState): ChangeField[] =>
  differences(before, after, PROJECT_FIELDS);

export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();
