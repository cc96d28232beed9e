import { stringify } from 'csv-stringify/sync';
import { CUSTOM_FIELD_MESSAGES, type TaskListQuery } from '@taskhive/contract';
import type { Scope } from '../../lib/scope.ts';
import { loadProject, projectsPolicy } from '../projects/index.ts';
import { tasksReads } from '../tasks/index.ts';
import { usersReads } from '../users/index.ts';
import type { FieldRow, ValueRow } from './custom-fields.repo.ts';
import { customFieldQuery, customFieldsService, valueOf } from './custom-fields.service.ts';

/** The most rows one export writes. */
export const CSV_ROW_LIMIT = 10_000;

/** A value as a CSV cell: labels for options, Yes/No, a user's name. */
function cell(field: FieldRow, row: ValueRow | undefined, names: Map<string, string>): string {
  const v = row ? valueOf(field.type, row) : null;
  if (v === null) return '';
  const label = (id: string) => field.options.find((o) => o.id === id)?.label ?? '';
  switch (field.type) {
    case 'select':
      return label(String(v));
    case 'multiselect':
      return (v as string[]).map(label).join('; ');
    case 'checkbox':
      return v ? CUSTOM_FIELD_MESSAGES.yes : CUSTOM_FIELD_MESSAGES.no;
    case 'user':
      return names.get(String(v)) ?? '';
    default:
      return String(v);
  }
}

/**
 * A project's task list as CSV (issue 26): the list's own filters and sort (with `cf`/`cfSort` and
 * `labelIds`), its top-level tasks up to CSV_ROW_LIMIT, the built-in columns (Labels: the names
 * joined by ", ") and one per enabled custom field.
 * The project, the page, the values, and one read per person a user field names.
 */
export async function projectTasksCsv(scope: Scope, projectId: string, q: TaskListQuery): Promise<string> {
  await loadProject(scope, projectId, projectsPolicy.taskReach(scope.actor));
  const custom = await customFieldQuery.resolve(scope, q);
  const [{ rows }, { fields, rows: values }] = await Promise.all([
    tasksReads.list(
      scope,
      { projectId },
      { ...q, page: 1, pageSize: CSV_ROW_LIMIT },
      projectsPolicy.taskReach(scope.actor),
      custom,
    ),
    customFieldsService.projectValues(scope, projectId),
  ]);
  // One read per distinct person named (a project's user fields name few people).
  const userIds = [...new Set(values.flatMap((v) => (v.valueUser ? [v.valueUser] : [])))];
  const people = await Promise.all(userIds.map((id) => usersReads.person(scope, id)));
  const names = new Map(people.flatMap((p) => (p ? [[p.id, p.name] as const] : [])));
  const byTask = new Map<string, ValueRow[]>();
  for (const v of values) byTask.set(v.taskId, [...(byTask.get(v.taskId) ?? []), v]);
  const header = [
    'Key',
    'Title',
    'List',
    'Status',
    'Priority',
    'Start date',
    'Due date',
    'Progress',
    'Labels',
  ];
  const records = rows.map((t) => [
    t.key,
    t.title,
    t.listName,
    t.statusName ?? '',
    t.priorityName ?? '',
    t.startDate ?? '',
    t.dueDate ?? '',
    String(t.progress),
    // Issue 26: the labels the row carries (read with it), by name.
    t.labels.map((l) => l.name).join(', '),
    ...fields.map((f) =>
      cell(
        f,
        byTask.get(t.id)?.find((v) => v.fieldId === f.id),
        names,
      ),
    ),
  ]);
  return stringify([[...header, ...fields.map((f) => f.name)], ...records], { bom: true });
}
