import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildProject,
  buildTask,
  buildTaskList,
  type Session,
  statusIdOf,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

/** Issue 24: a task's or project's status is given by id or by name (withStatusId). */
let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, admin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: bearer(admin), payload });

describe('status by name', () => {
  it('a task is created and moved by status name, in any case', async () => {
    const { projectId } = await buildProject(database.db, acme, { memberIds: [acme.adminUserId] });
    const { taskListId } = await buildTaskList(database.db, acme, { projectId });
    const inProgress = await statusIdOf(database.db, acme.companyId, 'In Progress');
    const made = await call('POST', `/api/Tasks/tasklists/${taskListId}/tasks`, {
      title: 'Named',
      statusName: 'in progress',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.statusId).toBe(inProgress);
    const completed = await statusIdOf(database.db, acme.companyId, 'Completed');
    const moved = await call('PUT', `/api/Tasks/${made.json().data.taskId}`, { statusName: 'COMPLETED' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ statusId: completed, statusName: 'Completed' });
  });

  it('a project is created and updated by status name', async () => {
    const made = await call('POST', '/api/Project', { code: 'NMD', name: 'Named', statusName: 'In Review' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.statusName).toBe('In Review');
    const updated = await call('PUT', `/api/Project/${made.json().data.projectId}`, { statusName: 'open' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.statusName).toBe('Open');
  });

  it('400 on statusName for a name the company has not, or one that disagrees with statusId', async () => {
    const { projectId } = await buildProject(database.db, acme);
    const { taskListId } = await buildTaskList(database.db, acme, { projectId });
    const { taskId } = await buildTask(database.db, acme, { taskListId });
    const unknown = await call('PUT', `/api/Tasks/${taskId}`, { statusName: 'Daydreaming' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ statusName: [MESSAGES.projects.statusNotInCompany] });
    const open = await statusIdOf(database.db, acme.companyId, 'Open');
    const disagree = await call('PUT', `/api/Tasks/${taskId}`, { statusId: open, statusName: 'Completed' });
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json().errors).toEqual({ statusName: [MESSAGES.projects.statusNameAndIdDisagree] });
    const agree = await call('PUT', `/api/Tasks/${taskId}`, { statusId: open, statusName: 'open' });
    expect(agree.statusCode).toBe(200);
    const project = await call('PUT', `/api/Project/${projectId}`, { statusName: 'Nowhere' });
    expect(project.statusCode).toBe(400);
    expect(project.json().errors).toHaveProperty('statusName');
  });
});
