import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  IMPERSONATION_MESSAGES,
  IMPERSONATION_REASON_MAX,
  IMPERSONATION_TTL_SECONDS,
} from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { auditEvents, sessions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  login,
  type Session,
  type TestCompany,
  TEST_PASSWORD,
  buildUser,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let root: Session;
let rootId: string;
let admin: Session;
let otherAdmin: Session;
let acme: TestCompany;
let other: TestCompany;

const AGENT = 'ImpersonationTest/1.0';

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, otherAdmin } = await twoTenants(app, database.db));
  const superAdmin = await buildSuperAdmin(database.db);
  rootId = superAdmin.userId;
  root = await login(app, superAdmin.email);
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, s?: { token: string }, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { ...(s ? bearer(s) : {}), 'user-agent': AGENT },
    ...(payload ? { payload } : {}),
  });

const impersonate = (
  companyId: string,
  s: { token: string } | undefined = root,
  reason = 'Ticket 4711: board broken',
) => call('POST', `/api/Companies/${companyId}/impersonate`, s, { reason });

/** Starts an impersonation of Acme's admin and answers its session. */
async function actAsAcme(reason?: string) {
  const res = await impersonate(acme.companyId, root, reason);
  expect(res.statusCode).toBe(201);
  return res.json().data as {
    token: string;
    user: { userId: string; companyId: string };
    permissions: string[];
    impersonation: {
      actingAs: { userId: string; name: string };
      by: { userId: string };
      reason: string;
      expiresAt: string;
    };
  };
}

const auditOf = (companyId: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.companyId, companyId))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));

describe('POST /api/Companies/:id/impersonate', () => {
  it('401 without a token', async () => {
    const res = await call('POST', `/api/Companies/${acme.companyId}/impersonate`, undefined, {
      reason: 'x',
    });
    expect(res.statusCode).toBe(401);
  });

  it('400 without a reason, with a blank one or one too long (field errors)', async () => {
    const none = await call('POST', `/api/Companies/${acme.companyId}/impersonate`, root, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.reason).toBeDefined();
    const blank = await impersonate(acme.companyId, root, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.reason).toContain(IMPERSONATION_MESSAGES.reasonRequired);
    const long = await impersonate(acme.companyId, root, 'x'.repeat(IMPERSONATION_REASON_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toContain(IMPERSONATION_MESSAGES.reasonTooLong);
    expect(
      (await call('POST', '/api/Companies/not-a-uuid/impersonate', root, { reason: 'x' })).statusCode,
    ).toBe(400);
  });

  it('403 for anyone but the Super Admin: a Company Admin, of their own company or another', async () => {
    expect((await impersonate(acme.companyId, admin)).statusCode).toBe(403);
    expect((await impersonate(other.companyId, admin)).statusCode).toBe(403);
  });

  it('404 for a company that does not exist; 409 when it is inactive or has no active Company Admin', async () => {
    const unknown = await impersonate('00000000-0000-4000-8000-000000000001');
    expect(unknown.statusCode).toBe(404);

    const lonely = await buildCompany(database.db);
    await database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, lonely.adminUserId));
    const noAdmin = await impersonate(lonely.companyId);
    expect(noAdmin.statusCode).toBe(409);
    expect(noAdmin.json().message).toBe(IMPERSONATION_MESSAGES.noAdmin);

    const dormant = await buildCompany(database.db);
    const off = await call('PUT', `/api/Companies/${dormant.companyId}/status`, root, { isActive: false });
    expect(off.statusCode).toBe(200);
    const inactive = await impersonate(dormant.companyId);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(IMPERSONATION_MESSAGES.companyInactive);
    // Nothing was started: no session, no audit row.
    for (const c of [lonely, dormant]) {
      expect((await auditOf(c.companyId)).filter((e) => e.kind.startsWith('impersonation'))).toEqual([]);
    }
  });

  it("answers the Company Admin's session, limited to the contract's hour, and audits the start", async () => {
    const before = Date.now();
    const s = await actAsAcme();
    expect(s.user).toMatchObject({ userId: acme.adminUserId, companyId: acme.companyId });
    expect(s.permissions).toContain('project:create');
    expect(s.impersonation).toMatchObject({
      actingAs: { userId: acme.adminUserId, name: 'Ada Admin' },
      by: { userId: rootId, name: 'Root Admin' },
      reason: 'Ticket 4711: board broken',
      companyName: 'Acme',
    });
    const ends = new Date(s.impersonation.expiresAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + IMPERSONATION_TTL_SECONDS * 1000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + IMPERSONATION_TTL_SECONDS * 1000);

    // The token works as the admin, and says what it is.
    const me = await call('GET', '/api/auth/me', s);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.userId).toBe(acme.adminUserId);
    const current = await call('GET', '/api/auth/impersonation', s);
    expect(current.json().data).toMatchObject({
      actingAs: { userId: acme.adminUserId },
      by: { userId: rootId },
    });

    // A session of the admin's, naming the Super Admin and the reason.
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, acme.adminUserId), eq(sessions.impersonatorId, rootId)))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(row).toMatchObject({ impersonationReason: 'Ticket 4711: board broken', revokedAt: null });
    expect(row?.expiresAt.getTime()).toBe(ends);

    const started = (await auditOf(acme.companyId)).filter((e) => e.kind === 'impersonation.started').at(-1);
    expect(started).toMatchObject({
      actorId: rootId,
      actorName: 'Root Admin',
      actorIsPlatformAdmin: true,
      subjectUserId: acme.adminUserId,
      details: { reason: 'Ticket 4711: board broken', minutes: 60 },
    });
  });
});

describe('while impersonating', () => {
  it('every action is in the company audit log as the Super Admin acting for the admin', async () => {
    const s = await actAsAcme('Customer asked for a demo project');
    const project = await call('POST', '/api/Project', s, { code: 'IMP1', name: 'Made for the customer' });
    expect(project.statusCode).toBe(201);
    const role = await call('POST', '/api/CompanyRoles', s, { roleName: 'Support-made role' });
    expect(role.statusCode).toBe(201);

    const rows = await auditOf(acme.companyId);
    const action = rows.find(
      (e) => e.kind === 'impersonation.action' && (e.details as { what?: string }).what === 'project created',
    );
    expect(action).toMatchObject({
      actorId: rootId,
      actorName: 'Root Admin',
      actorIsPlatformAdmin: true,
      onBehalfOfId: acme.adminUserId,
      onBehalfOfName: 'Ada Admin',
      onBehalfOfEmail: acme.adminEmail,
      userAgent: AGENT,
      details: { what: 'project created', entityId: project.json().data.projectId },
    });
    // An event the feature audits itself names both too.
    expect(rows.find((e) => e.kind === 'role.created')).toMatchObject({
      actorId: rootId,
      actorIsPlatformAdmin: true,
      onBehalfOfId: acme.adminUserId,
    });

    // The company admin's own work is theirs alone.
    const own = await call('POST', '/api/Project', admin, { code: 'OWN1', name: 'Their own' });
    expect(own.statusCode).toBe(201);
    const after = await auditOf(acme.companyId);
    expect(after.filter((e) => e.kind === 'impersonation.action')).toHaveLength(
      rows.filter((e) => e.kind === 'impersonation.action').length,
    );

    // The log reads them through the API with the person acted for.
    const list = await call('GET', '/api/Audit?kind=impersonation&pageSize=50', admin);
    expect(list.statusCode).toBe(200);
    const listed = (
      list.json().data.items as { kind: string; actorId: string; onBehalfOfName: string }[]
    ).find((e) => e.kind === 'impersonation.action');
    expect(listed).toMatchObject({ actorId: rootId, onBehalfOfName: 'Ada Admin' });
    const csv = await call('GET', '/api/Audit/export.csv?kind=impersonation', admin);
    expect(csv.body).toContain('Root Admin (platform admin) for Ada Admin');
  });

  it('ten audited writes at once all answer: the Super Admin is read on the side pool, not a second main connection', async () => {
    // Each write holds a main connection (its transaction, on PostgreSQL) when its audit reads the
    // Super Admin on the platform's handle. On the main pool (five connections in tests) five such
    // writes held all five and waited for a sixth for ever; the side pool answers them.
    const s = await actAsAcme('Bulk roles for the customer');
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/CompanyRoles', s, { roleName: `Burst role ${i}` }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const rows = await auditOf(acme.companyId);
    const burst = rows.filter(
      (e) =>
        e.kind === 'role.created' && String((e.details as { role?: string }).role).startsWith('Burst role'),
    );
    expect(burst).toHaveLength(10);
    for (const e of burst) expect(e).toMatchObject({ actorId: rootId, onBehalfOfId: acme.adminUserId });
  }, 30_000);

  it("stays in the admin's company: another company's record is 404", async () => {
    const s = await actAsAcme();
    const theirs = await call('POST', '/api/Project', otherAdmin, { code: 'OTH1', name: 'Other' });
    expect(theirs.statusCode).toBe(201);
    expect((await call('GET', `/api/Project/${theirs.json().data.projectId}`, s)).statusCode).toBe(404);
  });

  it('refuses passwords, sessions and tokens with 403 and a clear message; no platform route either', async () => {
    const s = await actAsAcme();
    const pw = await call('POST', '/api/auth/change-password', s, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-Horse-Battery-7',
      confirmPassword: 'Another-Horse-Battery-7',
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().message).toBe(IMPERSONATION_MESSAGES.refused);
    // Nor anyone else's: the password a Company Admin sets for a member.
    const member = await buildUser(database.db, acme);
    const set = await call('POST', `/api/CompanyUsers/user/${member.userId}/password`, s, {
      newPassword: 'Another-Horse-Battery-7',
      confirmPassword: 'Another-Horse-Battery-7',
    });
    expect(set.statusCode).toBe(403);
    expect(set.json().message).toBe(IMPERSONATION_MESSAGES.refused);
    await login(app, member.email);
    const out = await call('POST', '/api/auth/logout', s);
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toBe(IMPERSONATION_MESSAGES.refused);
    // The token still works (logout did not end it), and the admin's password is unchanged.
    expect((await call('GET', '/api/auth/me', s)).statusCode).toBe(200);
    await login(app, acme.adminEmail);
    // An impersonation session is not the Super Admin's: no impersonating from it, no platform lists.
    expect((await impersonate(other.companyId, s)).statusCode).toBe(403);
    expect((await call('GET', '/api/Companies', s)).statusCode).toBe(403);
    // The admin's own session may still change their password (the refusal is the impersonation's).
    const mine = await call('POST', '/api/auth/change-password', admin, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(mine.statusCode).not.toBe(403);
  });
});

describe('POST /api/auth/impersonation/end', () => {
  it('401 without a token', async () => {
    expect((await call('POST', '/api/auth/impersonation/end')).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/impersonation')).statusCode).toBe(401);
  });

  it("ends it (audited; its token answers 401 from then on) and answers the Super Admin's own session", async () => {
    const s = await actAsAcme('Checking the reports');
    const end = await call('POST', '/api/auth/impersonation/end', s);
    expect(end.statusCode).toBe(200);
    const own = end.json().data as { token: string; user: { userId: string }; permissions: string[] };
    expect(own.user.userId).toBe(rootId);
    expect(own.permissions).toContain('company:read:all');
    expect((await call('GET', '/api/Companies', own)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/impersonation', own)).json().data).toBeNull();

    const gone = await call('GET', '/api/auth/me', s);
    expect(gone.statusCode).toBe(401);
    const ended = (await auditOf(acme.companyId)).filter((e) => e.kind === 'impersonation.ended').at(-1);
    expect(ended).toMatchObject({
      actorId: rootId,
      actorIsPlatformAdmin: true,
      onBehalfOfId: acme.adminUserId,
      subjectUserId: acme.adminUserId,
      details: { reason: 'Checking the reports' },
    });
    // The end wrote no "done while impersonating" row of its own (the session change is left out).
    const actions = (await auditOf(acme.companyId)).filter(
      (e) =>
        e.kind === 'impersonation.action' && (e.details as { what?: string }).what?.startsWith('session'),
    );
    expect(actions).toEqual([]);
  });

  it('a session that is no impersonation gets itself back (the web after a limit ran out)', async () => {
    const res = await call('POST', '/api/auth/impersonation/end', root);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.userId).toBe(rootId);
    expect((await call('GET', '/api/auth/me', res.json().data)).statusCode).toBe(200);
  });
});

describe('the time limit', () => {
  it('a token past its limit answers 401 (a limit of three seconds, from the config)', async () => {
    const { app: brief } = await buildTestApp({ impersonation: { ttlSeconds: 3 } });
    try {
      const rootHere = await login(
        brief,
        (await database.db.select().from(users).where(eq(users.id, rootId)))[0]?.email ?? '',
      );
      const res = await brief.inject({
        method: 'POST',
        url: `/api/Companies/${acme.companyId}/impersonate`,
        headers: bearer(rootHere),
        payload: { reason: 'A short look' },
      });
      expect(res.statusCode).toBe(201);
      const s = res.json().data as { token: string; impersonation: { expiresAt: string } };
      const ends = new Date(s.impersonation.expiresAt).getTime();
      // Whole seconds: the limit runs from the start's second, so 2 to 3 s were left at the start.
      expect(ends - Date.now()).toBeLessThanOrEqual(3000);
      expect(
        (await brief.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s) })).statusCode,
      ).toBe(200);
      // Wait out the limit (the token's exp is in whole seconds), then once more past it.
      await new Promise((r) => setTimeout(r, Math.max(0, ends - Date.now()) + 1100));
      const late = await brief.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s) });
      expect(late.statusCode).toBe(401);
      const write = await brief.inject({
        method: 'POST',
        url: '/api/Project',
        headers: bearer(s),
        payload: { code: 'LATE', name: 'Too late' },
      });
      expect(write.statusCode).toBe(401);
    } finally {
      await brief.close();
    }
  });
});
