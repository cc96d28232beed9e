import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '@taskhive/contract';
import { LIVE_TAGS, parseSse, reconnectDelay, tagsFor } from './live-updates';

const msg = (m: Partial<LiveMessage>): LiveMessage => ({
  type: 'task',
  action: 'updated',
  id: 't1',
  projectId: 'p1',
  taskId: null,
  ...m,
});

describe('parseSse', () => {
  it('splits whole frames, keeps a partial one for later and drops comment lines', () => {
    const { frames, rest } = parseSse(
      'event: ready\ndata: {}\n\n: ping\n\nevent: change\ndata: {"id":"a"}\r\n\r\nevent: cha',
    );
    expect(frames).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"id":"a"}' },
    ]);
    expect(rest).toBe('event: cha');
    expect(parseSse(`${rest}nge\ndata: 1\ndata: 2\n\n`).frames).toEqual([{ event: 'change', data: '1\n2' }]);
  });

  it("keeps a change's id (the change log's, for Last-Event-ID)", () => {
    expect(parseSse('id: 42\nevent: change\ndata: {"id":"a"}\n\n').frames).toEqual([
      { event: 'change', data: '{"id":"a"}', id: '42' },
    ]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(9, () => 0)).toBe(15000);
  });
});

describe('tagsFor', () => {
  it('a task: every task list, its history and its parent’s, its project', () => {
    expect(tagsFor(msg({ taskId: 'parent' }))).toEqual([
      'Task',
      { type: 'Timeline', id: 't1' },
      { type: 'Timeline', id: 'parent' },
      { type: 'Project', id: 'p1' },
    ]);
  });
  it('a task list: the project’s lists and the project; its tasks too when deleted', () => {
    expect(tagsFor(msg({ type: 'tasklist', id: 'l1' }))).toEqual([
      { type: 'TaskList', id: 'PROJECT-p1' },
      { type: 'Project', id: 'p1' },
    ]);
    expect(tagsFor(msg({ type: 'tasklist', id: 'l1', action: 'deleted' }))).toContain('Task');
  });
  it('a project: the list and the project; everything under it when deleted', () => {
    expect(tagsFor(msg({ type: 'project', id: 'p1' }))).toEqual([
      { type: 'Project', id: 'LIST' },
      { type: 'Project', id: 'p1' },
    ]);
    expect(tagsFor(msg({ type: 'project', id: 'p1', action: 'deleted' }))).toEqual(
      expect.arrayContaining(['Task', 'TaskList']),
    );
  });
  it('comments, time logs, the timer, notifications, a change of rights', () => {
    expect(tagsFor(msg({ type: 'comment', id: 'c', taskId: 't9' }))).toEqual([
      { type: 'Timeline', id: 't9' },
    ]);
    expect(tagsFor(msg({ type: 'timelog', id: 'g' }))).toEqual([{ type: 'TimeLog', id: 'LIST' }]);
    expect(tagsFor(msg({ type: 'timelog', id: 'timer' }))).toEqual(['Timer']);
    expect(tagsFor(msg({ type: 'notification', id: 'n' }))).toEqual(['Notification']);
    expect(tagsFor(msg({ type: 'session', id: '*', projectId: null }))).toEqual([...LIVE_TAGS, 'Me']);
  });
  it('the company administration: statuses, employees, roles, departments, what the company holds', () => {
    const none = { projectId: null };
    expect(tagsFor(msg({ type: 'taskstatus', id: 's', ...none }))).toEqual(['TaskStatus', 'Task', 'Project']);
    expect(tagsFor(msg({ type: 'employee', id: 'u1', ...none }))).toEqual([
      'Employee',
      { type: 'UserProfile', id: 'u1' },
      { type: 'UserAccess', id: 'u1' },
    ]);
    expect(tagsFor(msg({ type: 'companyrole', id: 'r', ...none }))).toEqual([
      'CompanyRole',
      'Role',
      'UserAccess',
    ]);
    expect(tagsFor(msg({ type: 'department', id: 'd', ...none }))).toEqual(['Department', 'Employee']);
    expect(tagsFor(msg({ type: 'subscription', id: 'm', ...none }))).toEqual(['Purchase', 'CompanyModule']);
  });
  it('issue 26: a custom field (the fields and every task read); a saved view (its place’s Views list)', () => {
    expect(tagsFor(msg({ type: 'customfield', id: 'f1', projectId: null }))).toEqual(['CustomField', 'Task']);
    expect(tagsFor(msg({ type: 'savedview', id: 'v1', projectId: 'p1' }))).toEqual([
      { type: 'SavedView', id: 'p1' },
    ]);
    expect(tagsFor(msg({ type: 'savedview', id: 'v1', projectId: null }))).toEqual(['SavedView']);
  });
  it('a timesheet week or the timesheet settings: the weeks (grids, approvals, workload) and the settings', () => {
    expect(tagsFor(msg({ type: 'timesheet', id: 'w', projectId: null }))).toEqual([
      'TimesheetWeek',
      'TimesheetSettings',
    ]);
  });
});
