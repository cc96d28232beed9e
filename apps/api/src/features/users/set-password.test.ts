import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_CHANGE_REQUIRED_CODE, PROFILE_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp, workerDataDir } from '../../test/build-app.ts';
import {
  bearer,
  buildUser,
  login,
  type Session,
  sqlRows,
  type TestCompany,
  TEST_PASSWORD,
  twoTenants,
} from '../../test/factories.ts';
import { multipart, PNG } from '../../test/files.fixtures.ts';

/**
 * Issue 24: a Company Admin sets a member's password, which the member must change at the next
 * sign-in; anyone removes their own profile photo.
 */
let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const NEW = 'Granite-Lantern-Orbit-42';
const body = { newPassword: NEW, confirmPassword: NEW };
const setUrl = (userId: string) => `/api/CompanyUsers/user/${userId}/password`;

describe('POST /api/CompanyUsers/user/:id/password', () => {
  it('401 without a token; 403 without employee:update and company:update; 404 across tenants', async () => {
    const member = await buildUser(database.db, acme);
    expect((await call('POST', setUrl(member.userId), undefined, body)).statusCode).toBe(401);
    expect((await call('POST', setUrl(member.userId), employee, body)).statusCode).toBe(403);
    const theirs = await buildUser(database.db, other);
    expect((await call('POST', setUrl(theirs.userId), admin, body)).statusCode).toBe(404);
    // Their password still works.
    await login(app, theirs.email);
  });

  it('400 naming the field (policy, confirmation); 409 for oneself or someone not active', async () => {
    const member = await buildUser(database.db, acme);
    const short = await call('POST', setUrl(member.userId), admin, {
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toEqual(['newPassword']);
    const common = await call('POST', setUrl(member.userId), admin, {
      newPassword: 'password1234',
      confirmPassword: 'password1234',
    });
    expect(common.statusCode).toBe(400);
    expect(Object.keys(common.json().errors)).toEqual(['newPassword']);
    const mismatch = await call('POST', setUrl(member.userId), admin, {
      newPassword: NEW,
      confirmPassword: 'x',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toEqual([MESSAGES.auth.passwordsDoNotMatch]);
    const self = await call('POST', setUrl(admin.userId), admin, body);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(PROFILE_MESSAGES.cannotSetOwnPassword);
    const invited = await buildUser(database.db, acme, { status: 'invited' });
    expect((await call('POST', setUrl(invited.userId), admin, body)).statusCode).toBe(409);
    // Nothing changed: the member still signs in with the old password, not forced.
    const s = await login(app, member.email);
    expect((await call('GET', '/api/auth/me', s)).json().data.user.mustChangePassword).toBe(false);
  });

  it('403 over someone holding more than the actor (a manager may not take over the admin)', async () => {
    const manager = await buildUser(database.db, acme, {
      role: 'employee',
      permissions: ['employee:update', 'company:update'],
    });
    const s = await login(app, manager.email);
    expect((await call('POST', setUrl(acme.adminUserId), s, body)).statusCode).toBe(403);
  });

  it('sets it, ends their sessions, audits without the password; the next sign-in must change it first', async () => {
    const member = await buildUser(database.db, acme);
    const before = await login(app, member.email);
    const res = await call('POST', setUrl(member.userId), admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MESSAGES.passwordSet);
    expect((await call('GET', '/api/auth/me', before)).statusCode).toBe(401);

    // One change row (the employee) and one audit event, neither with the password.
    const changes = await sqlRows<Record<string, unknown>>(
      database.db,
      sql`select type, action, fields from changes where entity_id = ${member.userId} and type = 'employee'`,
    );
    expect(changes).toHaveLength(1);
    const audit = await sqlRows<{ kind: string; actor_id: string; details: unknown }>(
      database.db,
      sql`select kind, actor_id, details from audit_events where subject_user_id = ${member.userId} and kind like 'user.%'`,
    );
    expect(audit.map((a) => [a.kind, a.actor_id])).toEqual([['user.password_set', admin.userId]]);
    const stored = JSON.stringify({ changes, audit });
    expect(stored).not.toContain(NEW);
    const [hash] = await sqlRows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from users where id = ${member.userId}`,
    );
    expect(stored).not.toContain(hash?.password_hash ?? 'no hash');

    // The old password no longer works; the new one signs in, forced to change it.
    const old = await call('POST', '/api/auth/login', undefined, {
      email: member.email,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const signIn = await call('POST', '/api/auth/login', undefined, { email: member.email, password: NEW });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.mustChangePassword).toBe(true);
    const forced = { ...before, token: signIn.json().data.token as string };

    // Anything but me, logout and change-password: 403 with the code the web sends to the screen.
    const blocked = await call('GET', '/api/Taskstatuses', forced);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: PASSWORD_CHANGE_REQUIRED_CODE,
      message: PROFILE_MESSAGES.passwordChangeRequired,
    });
    expect((await call('PUT', '/api/auth/me', forced, { firstName: 'X', lastName: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/auth/me', forced)).json().data.user.mustChangePassword).toBe(true);

    // The password given must be replaced, not kept.
    const same = await call('POST', '/api/auth/change-password', forced, {
      currentPassword: NEW,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.newPassword).toEqual([PROFILE_MESSAGES.newPasswordSameAsGiven]);
    const mine = 'Quartz-Meadow-Signal-77';
    const changed = await call('POST', '/api/auth/change-password', forced, {
      currentPassword: NEW,
      newPassword: mine,
      confirmPassword: mine,
    });
    expect(changed.statusCode).toBe(200);
    await app.authz.sync();
    // The same session goes on, now free.
    expect((await call('GET', '/api/Taskstatuses', forced)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', forced)).json().data.user.mustChangePassword).toBe(false);
    const again = await login(app, member.email, mine);
    expect((await call('GET', '/api/Taskstatuses', again)).statusCode).toBe(200);
  });
});

describe('DELETE /api/CompanyUsers/photo/:id', () => {
  const upload = (s: Session, userId: string) => {
    const m = multipart({ name: 'me.png', content: PNG, type: 'image/png' });
    return app.inject({
      method: 'POST',
      url: `/api/CompanyUsers/upload-profile-photo/${userId}`,
      payload: m.payload,
      headers: { ...bearer(s), ...m.headers },
    });
  };
  const photoKey = async (userId: string) =>
    (
      await sqlRows<{ p: string | null }>(
        database.db,
        sql`select profile_photo_path as p from users where id = ${userId}`,
      )
    )[0]?.p ?? null;

  it('401 without a token; 403 for someone else’s without employee:update; 404 across tenants and without a photo', async () => {
    expect((await call('DELETE', `/api/CompanyUsers/photo/${employee.userId}`)).statusCode).toBe(401);
    expect((await upload(admin, admin.userId)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/CompanyUsers/photo/${admin.userId}`, employee)).statusCode).toBe(403);
    const theirs = await buildUser(database.db, other);
    expect((await call('DELETE', `/api/CompanyUsers/photo/${theirs.userId}`, admin)).statusCode).toBe(404);
    const none = await call('DELETE', `/api/CompanyUsers/photo/${employee.userId}`, employee);
    expect(none.statusCode).toBe(404);
    expect((await call('DELETE', '/api/CompanyUsers/photo/not-a-uuid', employee)).statusCode).toBe(400);
    expect(await photoKey(admin.userId)).not.toBeNull();
  });

  it('removes one’s own photo and deletes its file under DATA_DIR', async () => {
    expect((await upload(employee, employee.userId)).statusCode).toBe(200);
    const key = await photoKey(employee.userId);
    expect(key).not.toBeNull();
    const file = join(workerDataDir(), 'uploads', key ?? '');
    expect(existsSync(file)).toBe(true);

    const res = await call('DELETE', `/api/CompanyUsers/photo/${employee.userId}`, employee);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MESSAGES.photoRemoved);
    expect(await photoKey(employee.userId)).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect((await call('GET', '/api/auth/me', employee)).json().data.user.profilePhotoUrl).toBeNull();
    expect((await call('GET', `/api/CompanyUsers/photo/${employee.userId}`, employee)).statusCode).toBe(404);
  });
});
