import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MESSAGES,
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_EXPIRED_CODE,
} from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  companies,
  departments,
  passwordTokens,
  roles,
  sessions,
  taskStatuses,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildUser,
  login,
  setCompanyActive,
  TEST_PASSWORD,
  type TestCompany,
} from '../../test/factories.ts';
import { REFRESH_COOKIE } from './refresh-cookie.ts';

let app: App;
let database: Database;
let acme: TestCompany;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  acme = await buildCompany(database.db, { name: 'Acme' });
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

describe('POST /api/auth/login', () => {
  it('returns tokens, the user and the effective permissions', async () => {
    const res = await post('/api/auth/login', {
      email: acme.adminEmail.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', statusCode: 200 });
    expect(body.data.user).toMatchObject({
      userId: acme.adminUserId,
      email: acme.adminEmail,
      role: 'Company Admin',
      roleName: 'Company Admin',
      companyId: acme.companyId,
      departmentName: 'General',
      profilePhotoUrl: null,
    });
    expect(body.data.token).toBe(body.data.accessToken);
    expect(body.data.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(body.data.permissions).toContain('employee:read:all');
    expect(body.data.permissions).not.toContain('company:read:all');
    expect(body.data.user).not.toHaveProperty('passwordHash');
  });

  it('signs an HS256 access token with issuer, audience, about 15 minutes of life and the session', async () => {
    const s = await login(app, acme.adminEmail);
    const claims = decodeJwt(s.token);
    expect(claims).toMatchObject({
      iss: 'taskhive',
      aud: 'taskhive-api',
      sub: acme.adminUserId,
      cid: acme.companyId,
      role: 'Company Admin',
    });
    expect(typeof claims.sid).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const wrong = await post('/api/auth/login', { email: acme.adminEmail, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@nowhere.test',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.auth.loginFailed);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('gives per-field errors on bad input', async () => {
    const res = await post('/api/auth/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ email: [expect.any(String)], password: [expect.any(String)] });
  });

  it('refuses inactive users and inactive companies with 403', async () => {
    const inactive = await buildUser(database.db, acme, { status: 'inactive' });
    const r1 = await post('/api/auth/login', { email: inactive.email, password: TEST_PASSWORD });
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(MESSAGES.auth.userInactive);

    const other = await buildCompany(database.db);
    await setCompanyActive(database.db, other.companyId, false);
    const r2 = await post('/api/auth/login', { email: other.adminEmail, password: TEST_PASSWORD });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().message).toBe(MESSAGES.auth.companyInactive);
  });

  it('matches the path case-insensitively', async () => {
    const res = await post('/API/Auth/LOGIN', { email: acme.adminEmail, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('401 without a token, with a forged token and with garbage', async () => {
    expect((await app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const s = await login(app, acme.adminEmail);
    const [h, p] = s.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer nonsense' } })).statusCode,
    ).toBe(401);
  });

  it('returns the session payload', async () => {
    const s = await login(app, acme.adminEmail);
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(s) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.userId).toBe(acme.adminUserId);
    expect(res.json().data.permissions).toEqual([...s.permissions].sort());
  });

  it('stops working at once when the user is deactivated', async () => {
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    await database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, u.userId));
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(s) })).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/me', () => {
  it('updates my own name and contact fields, with field errors for bad input', async () => {
    const u = await buildUser(database.db, acme);
    const s = await login(app, u.email);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(s),
      payload: { firstName: '', lastName: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.firstName).toBeDefined();
    // Another company named in the body is refused by name (issue 24), and changes nothing.
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(s),
      payload: { firstName: 'Grace', lastName: 'Hopper', companyId: 'elsewhere' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ companyId: ['Unknown field: companyId'] });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: bearer(s),
      payload: {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '+1 555 0199',
        jobTitle: 'Admiral',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0199',
      jobTitle: 'Admiral',
      companyId: acme.companyId,
    });
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: the new pair works, the old refresh token works once', async () => {
    const s = await login(app, acme.adminEmail);
    const r1 = await post('/api/auth/refresh-token', { token: s.token, refreshToken: s.refreshToken });
    expect(r1.statusCode).toBe(200);
    const d = r1.json().data;
    expect(d.token).toBe(d.accessToken);
    expect(d.refreshToken).not.toBe(s.refreshToken);
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${d.token}` } })).statusCode,
    ).toBe(200);
    // The background variant sends only the refresh token.
    const r2 = await post('/api/auth/refresh-token', { refreshToken: d.refreshToken });
    expect(r2.statusCode).toBe(200);
  });

  it('treats a reused refresh token as theft and ends the whole session', async () => {
    const s = await login(app, acme.adminEmail);
    const r1 = await post('/api/auth/refresh-token', { refreshToken: s.refreshToken });
    const next = r1.json().data;
    const reuse = await post('/api/auth/refresh-token', { refreshToken: s.refreshToken });
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ended the legitimate holder's session.
    expect((await post('/api/auth/refresh-token', { refreshToken: next.refreshToken })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${next.token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('400 without a refresh token, 401 for an unknown one', async () => {
    const bad = await post('/api/auth/refresh-token', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.refreshToken).toBeDefined();
    expect((await post('/api/auth/refresh-token', { refreshToken: 'made-up' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('401 without a token; revokes the session so its tokens stop working', async () => {
    expect((await post('/api/auth/logout', {})).statusCode).toBe(401);
    const s = await login(app, acme.adminEmail);
    const res = await post('/api/auth/logout', {}, bearer(s));
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(s) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the current password and the rules, then ends the other sessions only', async () => {
    const u = await buildUser(database.db, acme);
    const here = await login(app, u.email);
    const elsewhere = await login(app, u.email);

    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'nope', newPassword: 'A-new-passw0rd', confirmPassword: 'A-new-passw0rd' },
      bearer(here),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toEqual([MESSAGES.auth.currentPasswordWrong]);

    const mismatch = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'A-new-passw0rd', confirmPassword: 'other' },
      bearer(here),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toEqual([MESSAGES.auth.passwordsDoNotMatch]);

    const common = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'password123', confirmPassword: 'password123' },
      bearer(here),
    );
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.newPassword).toEqual([MESSAGES.auth.passwordTooCommon]);

    const res = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'A-new-passw0rd', confirmPassword: 'A-new-passw0rd' },
      bearer(here),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.auth.passwordUpdated);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(here) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(elsewhere) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: 'A-new-passw0rd' })).statusCode).toBe(
      200,
    );
  });
});

describe('forgot-password and reset-password', () => {
  /** The reset link mailed to the address (by a job the request enqueued: drained first). */
  const linkFor = async (email: string) => {
    await app.jobs.drain();
    const msg = app.mailer.outbox().find((m) => m.to === email);
    const m = msg?.text.match(/(http\S+\/reset-password\?token=([^&\s]+)&email=(\S+))/);
    return m ? { url: m[1], token: decodeURIComponent(m[2] ?? '') } : null;
  };

  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const u = await buildUser(database.db, acme);
    const known = await post('/api/auth/forgot-password', { email: u.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@nowhere.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    const link = await linkFor(u.email);
    expect(app.mailer.outbox().some((m) => m.to === 'ghost@nowhere.test')).toBe(false);
    expect(link?.url).toContain('http://localhost:3000/reset-password?token=');
    expect(link?.token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    // Stored hashed, never in clear.
    const rows = await database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(link?.token ?? '');
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(Math.round(ttl / 60_000)).toBe(30);
  });

  it('takes about as long for an unknown email as for a known one (no timing oracle)', async () => {
    const u = await buildUser(database.db, acme);
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await post('/api/auth/forgot-password', { email });
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(200);
      // What follows the answer (the job mailing a known address its link) runs outside the clock.
      await app.jobs.drain();
      return ms;
    };
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return ((s[(s.length - 1) >> 1] ?? 0) + (s[s.length >> 1] ?? 0)) / 2;
    };
    /** One round: pairs after a warm-up, the order alternating; the medians' relative difference. */
    const round = async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 50; i++) {
        for (const which of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          const ms = await timed(which === 'known' ? u.email : 'ghost@nowhere.test');
          if (i >= 10) (which === 'known' ? known : unknown).push(ms);
        }
      }
      const [mk, mu] = [median(known), median(unknown)];
      return Math.abs(mk - mu) / Math.max(mk, mu);
    };
    // Both answers are the same one insert (the job looks the address up later), so what differs
    // is the machine's noise: in CI a second test worker shares the two cores and a single round
    // has been seen 25 % apart, either way. An oracle would show in every round; so up to three
    // rounds, and the least difference must be under 25 %.
    const differences = [await round()];
    while (differences.length < 3 && Math.min(...differences) >= 0.25) differences.push(await round());
    expect(app.mailer.outbox().filter((m) => m.to === u.email)).toHaveLength(50 * differences.length);
    expect(Math.min(...differences)).toBeLessThan(0.25);
  }, 120_000);

  it('400 on a bad email', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBeDefined();
  });

  it('resets once with the link, ends sessions, and refuses the link again with the reset-expired code', async () => {
    const u = await buildUser(database.db, acme);
    const before = await login(app, u.email);
    await post('/api/auth/forgot-password', { email: u.email });
    const link = await linkFor(u.email);
    const body = {
      email: u.email,
      token: link?.token,
      newPassword: 'Brand-new-pass-1',
      confirmPassword: 'Brand-new-pass-1',
    };
    const res = await post('/api/auth/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(before) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: 'Brand-new-pass-1' })).statusCode).toBe(
      200,
    );
    const again = await post('/api/auth/reset-password', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(RESET_EXPIRED_CODE);
  });

  it('refuses an expired token, a token for another email, and a weak password (without using the token)', async () => {
    const u = await buildUser(database.db, acme);
    await post('/api/auth/forgot-password', { email: u.email });
    const link = await linkFor(u.email);
    const weak = await post('/api/auth/reset-password', {
      email: u.email,
      token: link?.token,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBeDefined();
    const otherEmail = await post('/api/auth/reset-password', {
      email: acme.adminEmail,
      token: link?.token,
      newPassword: 'Brand-new-pass-1',
      confirmPassword: 'Brand-new-pass-1',
    });
    expect(otherEmail.json().code).toBe(RESET_EXPIRED_CODE);
    await database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, u.userId));
    const expired = await post('/api/auth/reset-password', {
      email: u.email,
      token: link?.token,
      newPassword: 'Brand-new-pass-1',
      confirmPassword: 'Brand-new-pass-1',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe(RESET_EXPIRED_CODE);
  });
});

describe('POST /api/auth/register', () => {
  const body = (email: string) => ({
    companyName: 'Initech',
    firstName: 'Bill',
    lastName: 'Lumbergh',
    email,
    password: 'Tps-reports-2026',
    confirmPassword: 'Tps-reports-2026',
  });

  it('creates an active, unapproved company with statuses, roles, a department and its admin', async () => {
    const res = await post('/api/auth/register', body('bill@initech.test'));
    expect(res.statusCode).toBe(201);
    const { companyId, userId } = res.json().data;
    const [company] = await database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ isActive: true, isApproved: false, name: 'Initech' });
    const statuses = await database.db
      .select()
      .from(taskStatuses)
      .where(eq(taskStatuses.companyId, companyId));
    expect(statuses.map((s) => s.name).sort()).toEqual([
      'Cancelled',
      'Completed',
      'Delayed',
      'In Progress',
      'In Review',
      'Not Started',
      'Open',
    ]);
    const roleRows = await database.db.select().from(roles).where(eq(roles.companyId, companyId));
    expect(roleRows.filter((r) => r.isDefault).map((r) => r.name)).toEqual(['Employee']);
    expect(roleRows.map((r) => r.name).sort()).toEqual(['Company Admin', 'Employee', 'Manager']);
    expect(
      await database.db.select().from(departments).where(eq(departments.companyId, companyId)),
    ).toHaveLength(1);
    const s = await login(app, 'bill@initech.test', 'Tps-reports-2026');
    expect(s.userId).toBe(userId);
    expect(s.permissions).toContain('company:update');
  });

  it('409 for an email already used, 400 for bad input and common passwords', async () => {
    const dup = await post('/api/auth/register', body(acme.adminEmail.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.auth.emailTaken);
    const bad = await post('/api/auth/register', {
      ...body('x@y.test'),
      companyName: '',
      confirmPassword: 'different',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['companyName', 'confirmPassword']);
    const common = await post('/api/auth/register', {
      ...body('z@y.test'),
      password: 'iloveyou1',
      confirmPassword: 'iloveyou1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual([MESSAGES.auth.passwordTooCommon]);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After per account and per IP', async () => {
    const { app: limited } = await buildTestApp({
      rateLimit: { authMax: 3, authIpMax: 3, authWindowMs: 60_000 },
    });
    try {
      const attempt = (email: string, ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password' },
          remoteAddress: ip,
        });
      // Per account: the same email from different addresses.
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
        expect((await attempt('target@x.test', ip)).statusCode).toBe(401);
      const blocked = await attempt('target@x.test', '10.0.0.4');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toBe(MESSAGES.tooManyRequests);
      // Per IP: different emails from one address.
      for (const e of ['a@x.test', 'b@x.test', 'c@x.test'])
        expect((await attempt(e, '10.0.0.9')).statusCode).toBe(401);
      expect((await attempt('d@x.test', '10.0.0.9')).statusCode).toBe(429);
      // Forgot-password is limited too.
      for (let i = 0; i < 3; i++) {
        await limited.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'f@x.test' },
          remoteAddress: '10.0.1.1',
        });
      }
      const fp = await limited.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'f@x.test' },
        remoteAddress: '10.0.1.1',
      });
      expect(fp.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the sign-in limit counts failures only', () => {
  const office = '192.0.2.10';
  const signIn = (a: App, email: string, password: string, ip = office) =>
    a.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('lets 50 people sign in from one office address within a minute', async () => {
    const { app: limited, database } = await buildTestApp({
      rateLimit: { authMax: 10, authIpMax: 100, authWindowMs: 15 * 60_000 },
    });
    try {
      const c = await buildCompany(database.db);
      const people = await Promise.all(Array.from({ length: 50 }, () => buildUser(database.db, c)));
      const started = Date.now();
      const codes: number[] = [];
      for (const p of people) codes.push((await signIn(limited, p.email, TEST_PASSWORD)).statusCode);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(codes.filter((code) => code !== 200)).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('still stops brute force per account and per address; a success clears its account', async () => {
    const { app: limited, database } = await buildTestApp({
      rateLimit: { authMax: 4, authIpMax: 6, authWindowMs: 15 * 60_000 },
    });
    try {
      const c = await buildCompany(database.db);
      const u = await buildUser(database.db, c);
      // Three failures, then the right password: the account's count starts again.
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        expect((await signIn(limited, u.email, 'wrong-password', ip)).statusCode).toBe(401);
      expect((await signIn(limited, u.email, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
      for (const ip of ['198.51.100.5', '198.51.100.6', '198.51.100.7', '198.51.100.8'])
        expect((await signIn(limited, u.email, 'wrong-password', ip)).statusCode).toBe(401);
      // Four failures in a row: the account is locked for the window, even with the right password.
      const locked = await signIn(limited, u.email, TEST_PASSWORD, '198.51.100.9');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

      // Per address: failures against many accounts from one address stop at the address limit.
      for (let i = 0; i < 6; i++)
        expect((await signIn(limited, `nobody${i}@x.test`, 'wrong-password', '203.0.113.7')).statusCode).toBe(
          401,
        );
      const other = await buildUser(database.db, c);
      expect((await signIn(limited, other.email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
      expect((await signIn(limited, other.email, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('responses carrying tokens', () => {
  it('are never stored by a cache', async () => {
    const { app: a, database } = await buildTestApp();
    try {
      const c = await buildCompany(database.db);
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: c.adminEmail, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const refreshed = await a.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: res.json().data.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control']).toBe('no-store');
    } finally {
      await a.close();
    }
  });
});

describe('the refresh token cookie (HttpOnly, SameSite=Strict, scoped to /api/auth)', () => {
  const cookieOf = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
    res.cookies.find((c) => c.name === REFRESH_COOKIE);
  const withCookie = (url: string, value: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      cookies: { [REFRESH_COOKIE]: value },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('is set on sign-in with the refresh token, its attributes and the refresh lifetime', async () => {
    const res = await post('/api/auth/login', { email: acme.adminEmail, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({
      value: res.json().data.refreshToken,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(cookie?.maxAge).toBeGreaterThan(REFRESH_TOKEN_TTL_SECONDS - 5);
    expect(cookie?.maxAge).toBeLessThanOrEqual(REFRESH_TOKEN_TTL_SECONDS);
    // Served over plain HTTP to an http:// PUBLIC_URL: a Secure cookie would never come back.
    expect(cookie).not.toHaveProperty('secure');
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const { app: tls } = await buildTestApp({ publicUrl: 'https://taskhive.example' });
    try {
      const res = await tls.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acme.adminEmail, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await tls.close();
    }
  });

  it('refreshes from the cookie alone (no body, or an empty one) and rotates it', async () => {
    const s = await login(app, acme.adminEmail);
    const r1 = await withCookie('/api/auth/refresh-token', s.refreshToken);
    expect(r1.statusCode).toBe(200);
    const d1 = r1.json().data;
    expect(cookieOf(r1)).toMatchObject({ value: d1.refreshToken, path: '/api/auth', httpOnly: true });
    expect(d1.refreshToken).not.toBe(s.refreshToken);
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${d1.token}` } }))
        .statusCode,
    ).toBe(200);
    const r2 = await withCookie('/api/auth/refresh-token', d1.refreshToken, {});
    expect(r2.statusCode).toBe(200);
    expect(cookieOf(r2)?.value).toBe(r2.json().data.refreshToken);
  });

  it('lives as long as the refresh token: never past the end of the session', async () => {
    const s = await login(app, acme.adminEmail);
    const end = new Date(Date.now() + 3600 * 1000);
    await database.db
      .update(sessions)
      .set({ expiresAt: end })
      .where(eq(sessions.id, String(decodeJwt(s.token).sid)));
    const res = await withCookie('/api/auth/refresh-token', s.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)?.maxAge).toBeGreaterThan(3590);
    expect(cookieOf(res)?.maxAge).toBeLessThanOrEqual(3600);
  });

  it('a body token is used before the cookie (API clients)', async () => {
    const s = await login(app, acme.adminEmail);
    const res = await withCookie('/api/auth/refresh-token', 'stale-cookie-value', {
      refreshToken: s.refreshToken,
    });
    expect(res.statusCode).toBe(200);
  });

  it('is cleared when the refresh fails, and a reused one from the cookie still ends the session', async () => {
    const unknown = await withCookie('/api/auth/refresh-token', 'made-up');
    expect(unknown.statusCode).toBe(401);
    expect(cookieOf(unknown)).toMatchObject({ value: '', path: '/api/auth', maxAge: 0 });

    const s = await login(app, acme.adminEmail);
    const next = (await withCookie('/api/auth/refresh-token', s.refreshToken)).json().data;
    const reuse = await withCookie('/api/auth/refresh-token', s.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(cookieOf(reuse)).toMatchObject({ value: '', path: '/api/auth', maxAge: 0 });
    // The reuse ended the whole session: the rotated token and its access token are dead too.
    expect((await withCookie('/api/auth/refresh-token', next.refreshToken)).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${next.token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('400 with a field error when neither the body nor the cookie carries a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/refresh-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.refreshToken).toBeDefined();
  });

  it('is cleared on logout, even when the access token has already expired', async () => {
    const s = await login(app, acme.adminEmail);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(s),
      cookies: { [REFRESH_COOKIE]: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatchObject({ value: '', path: '/api/auth', maxAge: 0 });
    expect((await withCookie('/api/auth/refresh-token', s.refreshToken)).statusCode).toBe(401);

    const stale = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: 'whatever' },
    });
    expect(stale.statusCode).toBe(401);
    expect(cookieOf(stale)).toMatchObject({ value: '', path: '/api/auth', maxAge: 0 });
  });
});
