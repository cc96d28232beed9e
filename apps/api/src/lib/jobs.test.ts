import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/build-app.ts';
import { bearer, buildCompany, buildUser, login, type Session, type TestCompany } from '../test/factories.ts';
import { queuedJobs } from '../test/jobs.ts';
import { INVITATION_MAIL } from '../features/users/invitations.ts';
import { enqueue } from './jobs.ts';
import { systemScope } from './scope.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let admin: Session;
const PROBE = 'test:probe';
const ran: unknown[] = [];

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  app.jobs.handle(PROBE, async (payload) => void ran.push(payload));
  acme = await buildCompany(database.db);
  admin = await login(app, acme.adminEmail);
});
afterAll(() => app.close());

const call = (method: 'POST' | 'PUT', url: string, s: Session, payload: object) =>
  app.inject({ method, url, headers: bearer(s), payload });

describe('enqueue in the writing transaction', () => {
  it('a rolled-back transaction enqueues nothing; a committed one runs its job once', async () => {
    const scope = systemScope(database.db, acme.companyId);
    await expect(
      scope.transaction(async (tx) => {
        await enqueue(tx, PROBE, [{ n: 1 }, { n: 2 }]);
        // Not visible outside the transaction (PGlite is one session, held by this transaction).
        if (database.kind === 'postgres') expect(await queuedJobs(database, PROBE)).toBe(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queuedJobs(database, PROBE)).toBe(0);
    await app.jobs.drain();
    expect(ran).toEqual([]);

    await scope.transaction(async (tx) => enqueue(tx, PROBE, [{ n: 3 }, { n: 4 }]));
    expect(await queuedJobs(database, PROBE)).toBe(2);
    await app.jobs.drain();
    await app.jobs.drain();
    expect(ran.map((p) => (p as { n: number }).n).sort()).toEqual([3, 4]);
    expect(await queuedJobs(database, PROBE)).toBe(0);
  });

  it('a change that fails (400, 403, 409) enqueues no mail and sends none', async () => {
    const employee = await login(app, (await buildUser(database.db, acme)).email);
    const before = app.mailer.outbox().length;
    const invite = { firstName: 'Nia', lastName: 'Never', departmentId: acme.departmentId };
    const bad = await call('POST', '/api/CompanyUsers', admin, { ...invite, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const refused = await call('POST', '/api/CompanyUsers', employee, {
      ...invite,
      email: 'nia@example.test',
    });
    expect(refused.statusCode).toBe(403);
    const taken = await call('POST', '/api/CompanyUsers', admin, { ...invite, email: acme.adminEmail });
    expect(taken.statusCode).toBe(409);
    expect(await queuedJobs(database, INVITATION_MAIL)).toBe(0);

    await app.jobs.drain();
    expect(app.mailer.outbox().length).toBe(before);

    // The control: the same invitation, allowed, is enqueued with the user and mailed by its job.
    const created = await call('POST', '/api/CompanyUsers', admin, { ...invite, email: 'nia@example.test' });
    expect(created.statusCode).toBe(201);
    expect(await queuedJobs(database, INVITATION_MAIL)).toBe(1);
    await app.jobs.drain();
    expect(app.mailer.outbox().filter((m) => m.to === 'nia@example.test')).toHaveLength(1);
    expect(await queuedJobs(database, INVITATION_MAIL)).toBe(0);
  });
});
