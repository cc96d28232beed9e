import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { addDays, todayUtc } from '../features/time-logs/days.ts';
import { timesheetWeeks } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildProject,
  buildSuperAdmin,
  buildTask,
  buildTaskList,
  buildUser,
  callOk,
  login,
  type Session,
  type TestCompany,
} from '../test/factories.ts';
import { multipart, PDF } from '../test/files.fixtures.ts';

/**
 * The reach pass, generated from the OpenAPI document: every route that names another record by
 * id in its query, its JSON body or a second path parameter (a task, project, list, status, user,
 * department, role, document) is sent, by a caller holding the route's permission, the id of a
 * record that caller cannot read: a task, list, project or document of a project they are not a
 * member of, or any record of another company. The answer must be the very answer an id that
 * exists nowhere gets (so nothing is learned, not even that the record exists), a write must not
 * go through, and no name or title of the record may appear. A control request with a record the
 * caller can read must succeed, so each probe is refused for its id and for nothing else.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Kind =
  | 'task'
  | 'project'
  | 'taskList'
  | 'status'
  | 'user'
  | 'department'
  | 'role'
  | 'document'
  /** A timesheet week (issue 25). */
  | 'week'
  /** A company's label (issue 26). */
  | 'label'
  /** A saved view (issue 26). */
  | 'view'
  /** A custom field (issue 26). */
  | 'customField';
type Records = Partial<Record<Kind, string>>;

/**
 * What each id field names. `null`: a platform record (priority, package, module, permission) or
 * the company of a Super Admin route, which no tenant owns. A field missing here fails the pass:
 * say what it names.
 */
const FIELD_KIND: Record<string, Kind | null> = {
  taskId: 'task',
  parentTaskId: 'task',
  projectId: 'project',
  taskListId: 'taskList',
  listId: 'taskList',
  statusId: 'status',
  moveTo: 'status',
  userId: 'user',
  memberUserId: 'user',
  memberUserIds: 'user',
  assigneeIds: 'user',
  assigneeId: 'user',
  /** The board's assignee filter: a user's id (or 'none'). */
  assignee: 'user',
  taskIds: 'task',
  /** Issue 26, task dependencies: the two sides of one. */
  blockerTaskId: 'task',
  blockedTaskId: 'task',
  /** Issue 26: labels, a task's (body) and the lists' and board's filter (query). */
  labelIds: 'label',
  labelId: 'label',
  /** Issue 26, custom fields: a field, the fields enabled on a project, a task list's sort by a field. */
  fieldId: 'customField',
  fieldIds: 'customField',
  cfSort: 'customField',
  managerId: 'user',
  reportsToId: 'user',
  departmentId: 'department',
  roleId: 'role',
  docId: 'document',
  weekIds: 'week',
  /** Issue 26, saved views: the view, and its place (a project's id, or a page's name). */
  viewId: 'view',
  place: 'project',
  priorityId: null,
  /** The board's priority filter: a priority's id (platform records) or 'none'. */
  priority: null,
  packageId: null,
  moduleId: null,
  moduleIds: null,
  permissionId: null,
  companyId: null,
};

/** A request; a path parameter under test stays a `{name}` placeholder, as in the OpenAPI path. */
type Spec = { path: string; query?: Record<string, string>; body?: Record<string, unknown> };
type Caller = 'reacher' | 'admin' | 'root';
type Base = {
  /** The request with every field valid; the pass sets the id field under test. */
  spec: () => Spec | Promise<Spec>;
  /** The request for one id field, where fields need different requests (a bulk action's kind). */
  specFor?: (field: string) => Spec | Promise<Spec>;
  /**
   * Who sends it: the reacher and the Company Admin by default. The reacher is sent the records of
   * another project and of another company; the others only another company's.
   */
  callers?: Caller[];
  /** Records the caller can read, where the shared ones do not fit (made anew for each request). */
  own?: () => Records | Promise<Records>;
  /** Records out of reach, where the shared ones do not fit. */
  victims?: () => { hidden?: Records; foreign?: Records };
  /** Undoes a write that went through, so the next control can succeed too. */
  after?: (s: Session) => Promise<void>;
};

type Field = { name: string; in: 'query' | 'body' | 'path'; array: boolean };
type Route = { method: Method; url: string; fields: Field[] };

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
let reacher: Session;
let root: Session;
let own: Records;
/** Records of the reacher's company out of the reacher's reach (a project they are not a member of). */
let hidden: Records;
/** Records of another company. */
let foreign: Records;
let docs: Record<'task' | 'project' | 'company', { own: string; hidden?: string; foreign: string }>;
let markers: string[];
let ownLogId: string;
let newcomerId: string;
let subjectId: string;
let routes: Route[];
/** Saved views out of the reacher's reach (issue 26): the admin's in the hidden project, another company's. */
let viewVictims: { hidden: Records; foreign: Records } = { hidden: {}, foreign: {} };
/** The other tasks of the dependencies the DELETE base's own() made (issue 26). */
let dependencyPair = { y: '', z: '' };
let undocumented: string[];

const today = todayUtc();
let dayOffset = 0;
/** A past day not used yet, so no control meets the 24-hour rule. */
const nextDay = () => addDays(today, -1 - (dayOffset++ % 300));
const unique = () => randomUUID().slice(0, 8);

async function upload(s: Session, url: string, name = 'ours.pdf'): Promise<string> {
  const body = multipart({ name, content: PDF, type: 'application/pdf' });
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(s), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload to ${url}: ${res.body}`);
  return res.json().data.documentId;
}

/** Sends as the admin and does not mind the answer (making sure of a state that may already hold). */
const ensure = (method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

/** A view of the caller's project shared by the admin: the reacher and the admin may change it. */
const sharedView = async (): Promise<string> =>
  (
    await callOk(app, admin, {
      method: 'POST',
      url: '/api/SavedViews',
      payload: { place: own.project, name: `Shared ${unique()}`, layout: 'board', query: '', shared: true },
    })
  ).viewId;

const discardTimer = async (s: Session) => {
  await callOk(app, s, { method: 'DELETE', url: '/api/Timelogs/timer' });
};
const removeNewcomer = async () => {
  await callOk(app, admin, { method: 'DELETE', url: `/api/Project/${own.project}/members/${newcomerId}` });
};
const documentVictims = (of: 'task' | 'project' | 'company') => () => ({
  hidden: { document: docs[of].hidden },
  foreign: { document: docs[of].foreign },
});

/** A valid request per route that takes ids: a route added later fails the pass until it has one. */
const bases: Record<string, Base> = {
  // The Super Admin's view of one company: another company's people are not among its members.
  'GET /api/Companies/{id}/users': {
    callers: ['root'],
    spec: () => ({ path: `/api/Companies/${acme.companyId}/users` }),
  },
  // Reading the company's people needs employee:read:all, which the Employee lacks.
  'GET /api/CompanyUsers/details': {
    callers: ['admin'],
    spec: () => ({ path: '/api/CompanyUsers/details' }),
  },
  'POST /api/CompanyUsers': {
    // Giving a role needs companyrole:assign, which only the Company Admin holds.
    callers: ['admin'],
    spec: () => ({
      path: '/api/CompanyUsers',
      body: { firstName: 'New', lastName: 'Hire', email: `hire-${unique()}@reach.test` },
    }),
  },
  'PUT /api/CompanyUsers/user/{id}': {
    callers: ['admin'],
    spec: () => ({ path: `/api/CompanyUsers/user/${subjectId}`, body: { jobTitle: 'Tester' } }),
  },
  'POST /api/Users/{id}/roles/{roleId}': {
    callers: ['admin'],
    spec: () => ({ path: `/api/Users/${subjectId}/roles/{roleId}` }),
    own: () => ({ role: acme.roleIds.manager }),
    after: async () => {
      await ensure('DELETE', `/api/Users/${subjectId}/roles/${acme.roleIds.manager}`);
    },
  },
  'DELETE /api/Users/{id}/roles/{roleId}': {
    callers: ['admin'],
    spec: () => ({ path: `/api/Users/${subjectId}/roles/{roleId}` }),
    own: async () => {
      await ensure('POST', `/api/Users/${subjectId}/roles/${acme.roleIds.manager}`);
      return { role: acme.roleIds.manager };
    },
  },
  // Naming a manager needs timelog:read:all and report:read:all.
  'POST /api/Department': {
    callers: ['admin'],
    spec: () => ({ path: '/api/Department', body: { name: `Dept ${unique()}` } }),
  },
  'PUT /api/Department/{id}': {
    callers: ['admin'],
    spec: () => ({ path: `/api/Department/${acme.departmentId}`, body: { description: 'Ours' } }),
  },
  'DELETE /api/Taskstatuses/{id}': {
    // A status in use, so the status its tasks move to matters.
    spec: async () => {
      const name = `Busy ${unique()}`;
      const status = await callOk(app, admin, {
        method: 'POST',
        url: '/api/Taskstatuses',
        payload: { name, color: '#654321' },
      });
      await buildTask(database.db, acme, { taskListId: own.taskList ?? '', statusName: name });
      return { path: `/api/Taskstatuses/${status.statusId}` };
    },
  },
  'GET /api/Project': { spec: () => ({ path: '/api/Project' }) },
  'POST /api/Project': {
    spec: () => ({ path: '/api/Project', body: { code: `R${unique()}`, name: `Project ${unique()}` } }),
  },
  'PUT /api/Project/{id}': {
    spec: () => ({ path: `/api/Project/${own.project}`, body: { description: 'Ours' } }),
  },
  'POST /api/Project/{id}/members': {
    // Someone not yet a member: the control adds them, `after` takes them out again.
    own: () => ({ user: newcomerId }),
    spec: () => ({ path: `/api/Project/${own.project}/members`, body: {} }),
    after: removeNewcomer,
  },
  'DELETE /api/Project/{id}/members/{userId}': {
    own: async () => {
      await ensure('POST', `/api/Project/${own.project}/members`, { userId: newcomerId });
      return { user: newcomerId };
    },
    spec: () => ({ path: `/api/Project/${own.project}/members/{userId}` }),
  },
  'GET /api/Project/{id}/documents/{docId}': {
    own: () => ({ document: docs.project.own }),
    victims: documentVictims('project'),
    spec: () => ({ path: `/api/Project/${own.project}/documents/{docId}` }),
  },
  'DELETE /api/Project/{id}/documents/{docId}': {
    own: async () => ({ document: await upload(admin, `/api/Project/${own.project}/documents`) }),
    victims: documentVictims('project'),
    spec: () => ({ path: `/api/Project/${own.project}/documents/{docId}` }),
  },
  // Company documents are read with company:read, which the Employee lacks.
  'GET /api/Companies/{id}/documents/{docId}': {
    callers: ['admin'],
    own: () => ({ document: docs.company.own }),
    victims: documentVictims('company'),
    spec: () => ({ path: `/api/Companies/${acme.companyId}/documents/{docId}` }),
  },
  'DELETE /api/Companies/{id}/documents/{docId}': {
    callers: ['admin'],
    own: async () => ({ document: await upload(admin, `/api/Companies/${acme.companyId}/documents`) }),
    victims: documentVictims('company'),
    spec: () => ({ path: `/api/Companies/${acme.companyId}/documents/{docId}` }),
  },
  'PUT /api/Tasks/projects/{projectId}/tasklists/{listId}': {
    spec: () => ({ path: '/api/Tasks/projects/{projectId}/tasklists/{listId}', body: { name: 'Our list' } }),
  },
  'DELETE /api/Tasks/projects/{projectId}/tasklists/{listId}': {
    // A list of its own each time: the control deletes it.
    own: async () => ({
      taskList: (await buildTaskList(database.db, acme, { projectId: own.project ?? '' })).taskListId,
    }),
    spec: () => ({ path: '/api/Tasks/projects/{projectId}/tasklists/{listId}' }),
  },
  'GET /api/Tasks/tasklists/{id}/tasks': {
    spec: () => ({ path: `/api/Tasks/tasklists/${own.taskList}/tasks` }),
  },
  'POST /api/Tasks/tasklists/{id}/tasks': {
    spec: () => ({ path: `/api/Tasks/tasklists/${own.taskList}/tasks`, body: { title: 'New task' } }),
  },
  'GET /api/Tasks/projects/{id}/board': {
    spec: () => ({ path: `/api/Tasks/projects/${own.project}/board` }),
  },
  // The assignee action for task and user ids (its control assigns the colleague, a member, to our
  // task, as the task update's assigneeIds control does), the status action for status ids.
  'POST /api/Tasks/bulk': {
    spec: () => ({
      path: '/api/Tasks/bulk',
      body: { taskIds: [own.task], action: 'assignee', assigneeId: own.user },
    }),
    specFor: (field) =>
      field === 'statusId'
        ? { path: '/api/Tasks/bulk', body: { taskIds: [own.task], action: 'status', statusId: own.status } }
        : {
            path: '/api/Tasks/bulk',
            body: { taskIds: [own.task], action: 'assignee', assigneeId: own.user },
          },
  },
  'GET /api/Tasks/projects/{id}/tasks': {
    spec: () => ({ path: `/api/Tasks/projects/${own.project}/tasks` }),
  },
  'GET /api/Tasks/users/mytasks': { spec: () => ({ path: '/api/Tasks/users/mytasks' }) },
  // Issue 26: labels. A task's (the control puts our label on our task); renaming one (a new name
  // each time); deleting one (a label of its own each time: the control deletes it).
  'PUT /api/Labels/tasks/{taskId}': {
    spec: () => ({ path: '/api/Labels/tasks/{taskId}', body: { labelIds: [] } }),
  },
  'PUT /api/Labels/{labelId}': {
    spec: () => ({ path: '/api/Labels/{labelId}', body: { name: `Ours ${unique()}` } }),
  },
  'DELETE /api/Labels/{labelId}': {
    own: async () => ({
      label: (
        await callOk(app, admin, {
          method: 'POST',
          url: '/api/Labels',
          payload: { name: `Ours ${unique()}`, color: 'green' },
        })
      ).labelId,
    }),
    spec: () => ({ path: '/api/Labels/{labelId}' }),
  },
  // Issue 26: the calendar of a project, over one month.
  'GET /api/Calendar/tasks': {
    spec: () => ({ path: '/api/Calendar/tasks', query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  // Issue 26: a project's timeline.
  'GET /api/Timeline': { spec: () => ({ path: '/api/Timeline', query: { projectId: own.project ?? '' } }) },
  // All Tasks needs task:read:all, which the Employee lacks.
  'GET /api/Tasks/all': { callers: ['admin'], spec: () => ({ path: '/api/Tasks/all' }) },
  'POST /api/tasks/{id}/subtasks': {
    spec: () => ({ path: `/api/tasks/${own.task}/subtasks`, body: { title: 'New subtask' } }),
  },
  'PUT /api/Tasks/{id}': { spec: () => ({ path: `/api/Tasks/${own.task}`, body: { description: 'Ours' } }) },
  // Issue 26: dependencies. A new task on the other side each time, so no control meets a 409.
  'GET /api/TaskDependencies': {
    spec: () => ({ path: '/api/TaskDependencies', query: { taskId: own.task ?? '' } }),
  },
  'GET /api/TaskDependencies/candidates': {
    spec: () => ({
      path: '/api/TaskDependencies/candidates',
      query: { taskId: own.task ?? '', search: 'Ours' },
    }),
  },
  'POST /api/TaskDependencies': {
    spec: () => ({ path: '/api/TaskDependencies', body: {} }),
    specFor: async (field) => {
      const { taskId } = await buildTask(database.db, acme, { taskListId: own.taskList ?? '' });
      return {
        path: '/api/TaskDependencies',
        body: field === 'blockerTaskId' ? { blockedTaskId: taskId } : { blockerTaskId: taskId },
      };
    },
  },
  // own() makes X (the caller's task) block Y and Z block X: the control removes one of them.
  'DELETE /api/TaskDependencies/{blockerTaskId}/{blockedTaskId}': {
    own: async () => {
      const make = async () =>
        (await buildTask(database.db, acme, { taskListId: own.taskList ?? '' })).taskId;
      const [x, y, z] = [await make(), await make(), await make()];
      await callOk(app, admin, {
        method: 'POST',
        url: '/api/TaskDependencies',
        payload: { blockerTaskId: x, blockedTaskId: y },
      });
      await callOk(app, admin, {
        method: 'POST',
        url: '/api/TaskDependencies',
        payload: { blockerTaskId: z, blockedTaskId: x },
      });
      dependencyPair = { y, z };
      return { task: x };
    },
    spec: () => ({ path: '/api/TaskDependencies/{blockerTaskId}/{blockedTaskId}' }),
    specFor: (field) => ({
      path:
        field === 'blockerTaskId'
          ? `/api/TaskDependencies/{blockerTaskId}/${dependencyPair.y}`
          : `/api/TaskDependencies/${dependencyPair.z}/{blockedTaskId}`,
    }),
  },
  // Issue 26: saved views. own() makes a view shared with the caller's project (the reacher's
  // project:update lets them change it too); the victims are the admin's personal view in the
  // hidden project and a view of the other company.
  'GET /api/SavedViews': { spec: () => ({ path: '/api/SavedViews' }) },
  'POST /api/SavedViews': {
    spec: () => ({ path: '/api/SavedViews', body: { name: `View ${unique()}`, layout: 'list', query: '' } }),
  },
  'PUT /api/SavedViews/{viewId}': {
    own: async () => ({ view: await sharedView() }),
    victims: () => viewVictims,
    spec: () => ({ path: '/api/SavedViews/{viewId}', body: { query: 'tab=board' } }),
  },
  'DELETE /api/SavedViews/{viewId}': {
    own: async () => ({ view: await sharedView() }),
    victims: () => viewVictims,
    spec: () => ({ path: '/api/SavedViews/{viewId}' }),
  },
  // Issue 26: recurring tasks. The task is the path's; apply-to-future needs a task of a series.
  'GET /api/TaskRecurrence/{taskId}': { spec: () => ({ path: '/api/TaskRecurrence/{taskId}' }) },
  'PUT /api/TaskRecurrence/{taskId}': {
    spec: () => ({ path: '/api/TaskRecurrence/{taskId}', body: { frequency: 'daily' } }),
  },
  'DELETE /api/TaskRecurrence/{taskId}': { spec: () => ({ path: '/api/TaskRecurrence/{taskId}' }) },
  'POST /api/TaskRecurrence/{taskId}/apply-to-future': {
    own: async () => {
      const { taskId } = await buildTask(database.db, acme, { taskListId: own.taskList ?? '' });
      await callOk(app, admin, {
        method: 'PUT',
        url: `/api/TaskRecurrence/${taskId}`,
        payload: { frequency: 'daily' },
      });
      return { task: taskId };
    },
    spec: () => ({ path: '/api/TaskRecurrence/{taskId}/apply-to-future', body: { fields: ['title'] } }),
  },
  'GET /api/TaskDependencies/projects/{projectId}/schedule': {
    spec: () => ({ path: '/api/TaskDependencies/projects/{projectId}/schedule' }),
  },
  // The switch is a project setting: project:update, which the Employee lacks.
  'PUT /api/TaskDependencies/projects/{projectId}/schedule': {
    callers: ['admin'],
    spec: () => ({
      path: '/api/TaskDependencies/projects/{projectId}/schedule',
      body: { autoSchedule: false },
    }),
  },
  // Issue 26: custom fields. Defining them is company:update, enabling them project:update (both held
  // by the reacher); a deleted field is made anew for each request.
  'PUT /api/CustomFields/{fieldId}': {
    spec: () => ({ path: '/api/CustomFields/{fieldId}', body: { showOnCard: false } }),
  },
  'DELETE /api/CustomFields/{fieldId}': {
    own: async () => ({
      customField: (
        await callOk(app, admin, {
          method: 'POST',
          url: '/api/CustomFields',
          payload: { name: `Doomed ${randomUUID()}`, type: 'text' },
        })
      ).fieldId,
    }),
    spec: () => ({ path: '/api/CustomFields/{fieldId}' }),
  },
  'PUT /api/CustomFields/order': { spec: () => ({ path: '/api/CustomFields/order', body: {} }) },
  'GET /api/CustomFields/projects/{projectId}': {
    spec: () => ({ path: '/api/CustomFields/projects/{projectId}' }),
  },
  'PUT /api/CustomFields/projects/{projectId}': {
    spec: () => ({ path: '/api/CustomFields/projects/{projectId}', body: { fieldIds: [] } }),
  },
  'GET /api/CustomFields/projects/{projectId}/tasks.csv': {
    spec: () => ({ path: '/api/CustomFields/projects/{projectId}/tasks.csv' }),
  },
  'GET /api/CustomFields/tasks/{taskId}/values': {
    spec: () => ({ path: '/api/CustomFields/tasks/{taskId}/values' }),
  },
  'PUT /api/CustomFields/tasks/{taskId}/values': {
    spec: () => ({ path: '/api/CustomFields/tasks/{taskId}/values', body: { values: {} } }),
  },
  'GET /api/Tasks/{id}/documents/{docId}': {
    own: () => ({ document: docs.task.own }),
    victims: documentVictims('task'),
    spec: () => ({ path: `/api/Tasks/${own.task}/documents/{docId}` }),
  },
  'DELETE /api/Tasks/{id}/documents/{docId}': {
    own: async () => ({ document: await upload(admin, `/api/Tasks/${own.task}/documents`) }),
    victims: documentVictims('task'),
    spec: () => ({ path: `/api/Tasks/${own.task}/documents/{docId}` }),
  },
  'GET /api/Audit': { callers: ['admin'], spec: () => ({ path: '/api/Audit' }) },
  'GET /api/Audit/export.csv': { callers: ['admin'], spec: () => ({ path: '/api/Audit/export.csv' }) },
  'GET /api/Timelogs': { spec: () => ({ path: '/api/Timelogs' }) },
  'POST /api/Timelogs': {
    spec: () => ({
      path: '/api/Timelogs',
      body: { taskId: own.task, loggedAt: nextDay(), duration: '00:01' },
    }),
  },
  'GET /api/Timelogs/filtered': { spec: () => ({ path: '/api/Timelogs/filtered' }) },
  'GET /api/Timelogs/export.csv': { spec: () => ({ path: '/api/Timelogs/export.csv' }) },
  'POST /api/Timelogs/timer': {
    spec: () => ({ path: '/api/Timelogs/timer', body: {} }),
    after: discardTimer,
  },
  'PUT /api/Timelogs/{id}': {
    spec: () => ({ path: `/api/Timelogs/${ownLogId}`, body: { description: 'Ours' } }),
  },
  'GET /api/taskreports/company-hours': {
    // The Employee reads their own report only.
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/taskreports/company-hours' }),
  },
  // Its CSV with every row: the same rights and filters.
  'GET /api/taskreports/company-hours/export.csv': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/taskreports/company-hours/export.csv' }),
  },
  'GET /api/taskreports/user-tasks-by-status/{userId}': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/taskreports/user-tasks-by-status/{userId}' }),
  },
  // The team report needs report:read:all or a department to manage, which the Employee lacks.
  'GET /api/taskreports/team': { callers: ['admin'], spec: () => ({ path: '/api/taskreports/team' }) },
  'GET /api/taskreports/team/export.csv': {
    callers: ['admin'],
    spec: () => ({ path: '/api/taskreports/team/export.csv' }),
  },
  'GET /api/taskreports/member/{userId}': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/taskreports/member/{userId}' }),
  },
  'GET /api/taskreports/member/{userId}/export.csv': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/taskreports/member/{userId}/export.csv' }),
  },
  // Timesheets (issue 25): a person's own week and capacity; approving needs someone to approve.
  'GET /api/Timesheets/weeks/{userId}': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/Timesheets/weeks/{userId}' }),
  },
  'GET /api/Timesheets/capacity/{userId}': {
    own: () => ({ user: reacher.userId }),
    spec: () => ({ path: '/api/Timesheets/capacity/{userId}' }),
  },
  'PUT /api/Timesheets/capacity/{userId}': {
    callers: ['admin'],
    spec: () => ({ path: '/api/Timesheets/capacity/{userId}', body: { expectedWeeklyMinutes: 2400 } }),
  },
  'PUT /api/Timesheets/cells': {
    spec: () => ({
      path: '/api/Timesheets/cells',
      body: { day: nextDay(), projectId: own.project, taskId: own.task, duration: '00:01' },
    }),
  },
  'GET /api/Timesheets/approvals': { spec: () => ({ path: '/api/Timesheets/approvals' }) },
  // Workload needs report:read:all or a department to manage; the export report:read:all or approve:all.
  'GET /api/Timesheets/workload': { callers: ['admin'], spec: () => ({ path: '/api/Timesheets/workload' }) },
  'GET /api/Timesheets/export.csv': {
    callers: ['admin'],
    spec: () => ({ path: '/api/Timesheets/export.csv', query: { from: addDays(today, -30), to: today } }),
  },
  'POST /api/Timesheets/weeks/approve': {
    callers: ['admin'],
    own: async () => ({ week: await submittedWeek() }),
    spec: () => ({ path: '/api/Timesheets/weeks/approve', body: {} }),
  },
  'POST /api/Timesheets/weeks/reject': {
    callers: ['admin'],
    own: async () => ({ week: await submittedWeek() }),
    spec: () => ({ path: '/api/Timesheets/weeks/reject', body: { reason: 'Ours' } }),
  },
};

let weekSeq = 0;
/** A submitted week of the reacher's, a week not used yet (the admin approves it). */
async function submittedWeek(): Promise<string> {
  const [w] = await database.db
    .insert(timesheetWeeks)
    .values({
      companyId: acme.companyId,
      userId: reacher.userId,
      weekStart: addDays('2020-01-06', 7 * weekSeq++),
      status: 'submitted',
    })
    .returning({ id: timesheetWeeks.id });
  if (!w) throw new Error('no week');
  return w.id;
}

const isUuid = (s: unknown): boolean => {
  const o = (s ?? {}) as { format?: string; items?: { format?: string }; anyOf?: unknown[] };
  return o.format === 'uuid' || o.items?.format === 'uuid' || (o.anyOf ?? []).some(isUuid);
};

type OpenApiOp = {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/**
 * The routes that take the id of another record: in the query, the JSON body, or a path
 * parameter besides the route's own `{id}` (which the security suite's isolation matrix covers).
 * Read from the OpenAPI document, which carries the routes' schemas; `undocumented` lists the
 * routes of `app.declaredRoutes` it lacks, so none escapes the walk.
 */
async function idRoutes(): Promise<{ routes: Route[]; undocumented: string[] }> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOp>>;
  };
  const undocumented = app.declaredRoutes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
    .map((r) => ({ method: r.method.toLowerCase(), url: r.url.replace(/:(\w+)/g, '{$1}') }))
    .filter((r) => !doc.paths[r.url]?.[r.method])
    .map((r) => `${r.method.toUpperCase()} ${r.url}`);
  const out: Route[] = [];
  for (const [url, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const fields: Field[] = [];
      for (const p of op.parameters ?? [])
        if ((p.in === 'query' || (p.in === 'path' && p.name !== 'id')) && isUuid(p.schema))
          fields.push({ name: p.name, in: p.in, array: false });
      const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const [name, schema] of Object.entries(props))
        if (isUuid(schema))
          fields.push({ name, in: 'body', array: (schema as { type?: string }).type === 'array' });
      if (fields.length) out.push({ method: method.toUpperCase() as Method, url, fields });
    }
  }
  return { routes: out, undocumented };
}

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  const db = database.db;
  acme = await buildCompany(db, { name: 'Acme' });
  const other = await buildCompany(db, { name: 'Zenith-Foreign' });
  admin = await login(app, acme.adminEmail);
  root = await login(app, (await buildSuperAdmin(db)).email);
  const otherAdmin = await login(app, other.adminEmail);

  // The reacher: an Employee with every write of these routes, reading projects only as a member.
  const r = await buildUser(db, acme, {
    firstName: 'Rita',
    lastName: 'Reacher',
    permissions: [
      'project:create',
      'project:update',
      'task:create',
      'task:delete',
      'tasklist:create',
      'tasklist:update',
      'tasklist:delete',
      'timelog:update:all',
      'company:update',
      'department:create',
      'department:update',
      'employee:create',
      'employee:update',
      'audit:read',
    ],
  });
  reacher = await login(app, r.email);
  const colleague = await buildUser(db, acme, { firstName: 'Carl', lastName: 'Colleague' });
  newcomerId = (await buildUser(db, acme, { firstName: 'Nell', lastName: 'Newcomer' })).userId;
  subjectId = (await buildUser(db, acme, { firstName: 'Sam', lastName: 'Subject' })).userId;

  const mine = await buildProject(db, acme, { name: 'Ours', memberIds: [r.userId, colleague.userId] });
  const myList = await buildTaskList(db, acme, { projectId: mine.projectId, name: 'Our list' });
  const myTask = await buildTask(db, acme, { taskListId: myList.taskListId, title: 'Our task' });
  own = {
    task: myTask.taskId,
    project: mine.projectId,
    taskList: myList.taskListId,
    status: (await callOk(app, admin, { method: 'GET', url: '/api/Taskstatuses' }))[0].statusId,
    user: colleague.userId,
    department: acme.departmentId,
    role: acme.roleIds.employee,
    label: (
      await callOk(app, admin, {
        method: 'POST',
        url: '/api/Labels',
        payload: { name: 'Ours', color: 'blue' },
      })
    ).labelId,
    customField: (
      await callOk(app, admin, {
        method: 'POST',
        url: '/api/CustomFields',
        payload: { name: 'Ours', type: 'text' },
      })
    ).fieldId,
  };
  ownLogId = (
    await callOk(app, reacher, {
      method: 'POST',
      url: '/api/Timelogs',
      payload: { taskId: own.task, loggedAt: nextDay(), duration: '00:01' },
    })
  ).timeLogId;

  const hid = await buildProject(db, acme, { name: 'Orion-Hidden' });
  const hidList = await buildTaskList(db, acme, { projectId: hid.projectId, name: 'Orion-Hidden list' });
  const hidTask = await buildTask(db, acme, { taskListId: hidList.taskListId, title: 'Orion-Hidden task' });
  hidden = { task: hidTask.taskId, project: hid.projectId, taskList: hidList.taskListId };
  // Hours on the hidden task, for a report or a total to give away.
  await callOk(app, admin, {
    method: 'POST',
    url: '/api/Timelogs',
    payload: { taskId: hidTask.taskId, loggedAt: addDays(today, -1), duration: '07:00' },
  });

  const theirs = await buildProject(db, other, { name: 'Zenith-Foreign project' });
  const theirList = await buildTaskList(db, other, {
    projectId: theirs.projectId,
    name: 'Zenith-Foreign list',
  });
  const theirUser = await buildUser(db, other, { firstName: 'Zed', lastName: 'Zenith-Foreign' });
  const theirTask = await buildTask(db, other, {
    taskListId: theirList.taskListId,
    title: 'Zenith-Foreign task',
  });
  await callOk(app, otherAdmin, {
    method: 'POST',
    url: '/api/Timelogs',
    payload: { taskId: theirTask.taskId, loggedAt: addDays(today, -1), duration: '05:00' },
  });
  const post = (url: string, payload: object) => callOk(app, otherAdmin, { method: 'POST', url, payload });
  foreign = {
    task: theirTask.taskId,
    project: theirs.projectId,
    taskList: theirList.taskListId,
    status: (await post('/api/Taskstatuses', { name: 'Zenith-Foreign status', color: '#123456' })).statusId,
    user: theirUser.userId,
    department: (await post('/api/Department', { name: 'Zenith-Foreign department' })).deptId,
    role: (await post('/api/CompanyRoles', { roleName: 'Zenith-Foreign role' })).roleId,
    label: (await post('/api/Labels', { name: 'Zenith-Foreign label', color: 'red' })).labelId,
    customField: (await post('/api/CustomFields', { name: 'Zenith-Foreign field', type: 'text' })).fieldId,
  };
  const [theirWeek] = await database.db
    .insert(timesheetWeeks)
    .values({
      companyId: other.companyId,
      userId: theirUser.userId,
      weekStart: '2020-01-06',
      status: 'submitted',
    })
    .returning({ id: timesheetWeeks.id });
  foreign.week = theirWeek?.id;
  docs = {
    task: {
      own: await upload(admin, `/api/Tasks/${own.task}/documents`),
      hidden: await upload(admin, `/api/Tasks/${hidden.task}/documents`, 'Orion-Hidden.pdf'),
      foreign: await upload(otherAdmin, `/api/Tasks/${foreign.task}/documents`, 'Zenith-Foreign.pdf'),
    },
    project: {
      own: await upload(admin, `/api/Project/${own.project}/documents`),
      hidden: await upload(admin, `/api/Project/${hidden.project}/documents`, 'Orion-Hidden.pdf'),
      foreign: await upload(otherAdmin, `/api/Project/${foreign.project}/documents`, 'Zenith-Foreign.pdf'),
    },
    company: {
      own: await upload(admin, `/api/Companies/${acme.companyId}/documents`),
      foreign: await upload(otherAdmin, `/api/Companies/${other.companyId}/documents`, 'Zenith-Foreign.pdf'),
    },
  };
  markers = ['Orion-Hidden', 'Zenith-Foreign'];
  const view = (s: Session, place: string | undefined, name: string) =>
    callOk(app, s, {
      method: 'POST',
      url: '/api/SavedViews',
      payload: { place, name, layout: 'list', query: '' },
    });
  viewVictims = {
    hidden: { view: (await view(admin, hidden.project, 'Orion-Hidden view')).viewId },
    foreign: { view: (await view(otherAdmin, foreign.project, 'Zenith-Foreign view')).viewId },
  };

  ({ routes, undocumented } = await idRoutes());
}, 120_000);
afterAll(() => app.close());

/** The answer with what differs from call to call made alike (the ids sent, the request id). */
function normal(body: string, ids: string[]): string {
  let text = body;
  for (const id of ids) text = text.split(id).join('<id>');
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    delete json.requestId;
    return JSON.stringify(json);
  } catch {
    return text;
  }
}

describe('reach pass', () => {
  it('a record out of the caller’s reach answers as an id that exists nowhere, and gives nothing away', async () => {
    const sessions: Record<Caller, Session> = { reacher, admin, root };
    const findings: string[] = [];
    const unclassified: string[] = [];
    const missing: string[] = [];
    const broken: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const fields = route.fields.filter((f) => {
        const kind = FIELD_KIND[f.name];
        if (kind === undefined) unclassified.push(`${key} ${f.name}`);
        return kind;
      });
      if (!fields.length) continue;
      const base = bases[key];
      if (!base) {
        missing.push(key);
        continue;
      }
      for (const callerName of base.callers ?? ['reacher', 'admin']) {
        const session = sessions[callerName];
        for (const field of fields) {
          const kind = FIELD_KIND[field.name] as Kind;
          /** The base request with `id` in the field under test (and the caller's records elsewhere). */
          const send = async (pick: (mine: Records) => string | undefined) => {
            const mine = { ...own, ...(await base.own?.()) };
            const id = pick(mine) ?? '';
            const spec = await (base.specFor?.(field.name) ?? base.spec());
            const path = spec.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
              const other = FIELD_KIND[name];
              return name === field.name ? id : ((other && mine[other]) ?? '');
            });
            const res = await app.inject({
              method: route.method,
              url: path,
              headers: bearer(session),
              query: field.in === 'query' ? { ...spec.query, [field.name]: id } : spec.query,
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : {
                    payload:
                      field.in === 'body'
                        ? { ...spec.body, [field.name]: field.array ? [id] : id }
                        : spec.body,
                  }),
            });
            return { res, ids: [id, path] };
          };
          const victims = base.victims?.();
          const cases: [string, string | undefined][] = [
            ['another company', victims?.foreign?.[kind] ?? foreign[kind]],
            ...(callerName === 'reacher'
              ? [['another project', victims?.hidden?.[kind] ?? hidden[kind]] as [string, string | undefined]]
              : []),
          ];
          for (const [where, victim] of cases) {
            if (!victim) continue;
            const unknown = await send(() => randomUUID());
            if (unknown.res.statusCode < 300 && route.method !== 'GET' && base.after)
              await base.after(session);
            const probe = await send(() => victim);
            probes++;
            const label = `${callerName}: ${key} ${field.name}=<${kind} of ${where}>`;
            if (probe.res.statusCode < 300 && route.method !== 'GET') {
              findings.push(`${label} → ${probe.res.statusCode}: the write went through`);
              if (base.after) await base.after(session);
            } else if (probe.res.statusCode !== unknown.res.statusCode)
              findings.push(`${label} → ${probe.res.statusCode}, an unknown id ${unknown.res.statusCode}`);
            else if (normal(probe.res.body, probe.ids) !== normal(unknown.res.body, unknown.ids))
              findings.push(
                `${label} → answers otherwise than an unknown id: ${probe.res.body.slice(0, 300)}`,
              );
            if (markers.some((m) => probe.res.body.includes(m)))
              findings.push(`${label} → names the record: ${probe.res.body.slice(0, 300)}`);
          }
          const control = await send((mine) => mine[kind]);
          if (control.res.statusCode >= 300)
            broken.push(
              `${callerName}: ${key} ${field.name} control → ${control.res.statusCode} ${control.res.body.slice(0, 200)}`,
            );
          else if (base.after) await base.after(session);
        }
      }
    }
    console.log(
      `security/reach: routes taking ids ${routes.length}, probes ${probes}, findings ${findings.length}`,
    );
    expect(undocumented, 'routes missing from the OpenAPI document, which the pass walks').toEqual([]);
    const unused = Object.keys(bases).filter((k) => !routes.some((r) => `${r.method} ${r.url}` === k));
    expect(unused, 'bases of no route taking ids (renamed or gone?)').toEqual([]);
    expect(unclassified, 'id fields the pass does not know: add them to FIELD_KIND').toEqual([]);
    expect(missing, 'routes taking ids with no base request: add one to bases').toEqual([]);
    expect(broken, 'controls that did not succeed: fix the base request').toEqual([]);
    expect(findings).toEqual([]);
  }, 300_000);
});
