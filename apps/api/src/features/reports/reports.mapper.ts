import { type MemberReport, type TeamReport, toHours } from '@taskhive/contract';

/**
 * The team, member and hours reports as CSV records. A cell a spreadsheet would read as a formula
 * (= + - @ tab CR first) gets a leading apostrophe, as the time-log export does; quoting and
 * escaping are csv-stringify's.
 */
const safe = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const hours = (h: number) => h.toFixed(2);
/** Minutes as the CSV's hours (two places, as every hours column of the exports). */
const minutesAsHours = (m: number | null) => (m === null ? '' : toHours(m).toFixed(2));

/**
 * One row per member: name, department, tasks per status (the report's columns), tasks, done,
 * hours logged in the period and the estimated hours of those tasks (issue 25).
 */
export function teamCsv(r: TeamReport): string[][] {
  return [
    [
      'Member',
      'Department',
      ...r.statuses.map((s) => safe(s.statusName)),
      'Tasks',
      'Done',
      'Hours',
      'Estimated hours',
    ],
    ...r.members.map((m) => [
      safe(m.userName),
      safe(m.departmentName),
      ...m.byStatus.map((s) => String(s.taskCount)),
      String(m.taskCount),
      String(m.doneCount),
      hours(m.hours),
      minutesAsHours(m.estimatedMinutes),
    ]),
  ];
}

/**
 * One row per task of the member's, by due date: due date, task, project, status, hours logged in
 * the range and its estimated hours (empty when it has none that counts).
 */
export function memberCsv(r: MemberReport): string[][] {
  return [
    ['Due date', 'Task', 'Project', 'Status', 'Hours logged', 'Estimated hours'],
    ...r.tasks.map((t) => [
      t.dueDate ?? '',
      safe(t.title),
      safe(t.projectName),
      safe(t.statusName),
      hours(t.hoursLogged),
      minutesAsHours(t.estimatedMinutes),
    ]),
  ];
}

/**
 * Every project with time in the hours report's range, in its order: name, code, minutes, hours
 * (two places) and the project's whole estimate in hours (empty when none counts); then a Total
 * row with the report's minutes.
 */
export function projectHoursCsv(
  rows: { projectName: string; projectCode: string; minutes: number; estimatedMinutes: number | null }[],
  totalMinutes: number,
): string[][] {
  return [
    ['Project', 'Code', 'Minutes', 'Hours', 'Estimated hours'],
    ...rows.map((p) => [
      safe(p.projectName),
      safe(p.projectCode),
      String(p.minutes),
      minutesAsHours(p.minutes),
      minutesAsHours(p.estimatedMinutes),
    ]),
    ['Total', '', String(totalMinutes), minutesAsHours(totalMinutes), ''],
  ];
}

/**
 * Every person with time in the hours report's range, in its order: name, minutes and hours (two
 * places); then a Total row with the report's minutes.
 */
export function userHoursCsv(
  rows: { userName: string; minutes: number }[],
  totalMinutes: number,
): string[][] {
  return [
    ['Person', 'Minutes', 'Hours'],
    ...rows.map((u) => [safe(u.userName), String(u.minutes), minutesAsHours(u.minutes)]),
    ['Total', String(totalMinutes), minutesAsHours(totalMinutes)],
  ];
}
