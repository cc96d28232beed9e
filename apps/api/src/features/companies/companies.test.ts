import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildCompany,
  buildSuperAdmin,
  login,
  type Session,
  TEST_PASSWORD,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';
import { multipart, PDF, PNG } from '../../test/files.fixtures.ts';
import { lastMonths } from './companies.service.ts';

let app: App;
let database: Database;
let acme: TestCompany;
let other: TestCompany;
let root: Session;
let admin: Session;
let employee: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const upload = (url: string, s: Session, file: Parameters<typeof multipart>[0]) => {
  const m = multipart(file);
  return app.inject({ method: 'POST', url, payload: m.payload, headers: { ...bearer(s), ...m.headers } });
};

const newCompany = (over: Record<string, unknown> = {}) => ({
  name: 'Globex',
  email: 'hello@globex.test',
  phone: '+1 555 0100',
  admin: {
    firstName: 'Hank',
    lastName: 'Scorpio',
    email: `hank-${Math.random().toString(16).slice(2)}@globex.test`,
    password: 'Volcano-Lair-2026!',
  },
  ...over,
});

describe('POST /api/Companies', () => {
  it('401, 403 for a company admin, 400 with field errors', async () => {
    expect((await call('POST', '/api/Companies', undefined, newCompany())).statusCode).toBe(401);
    expect((await call('POST', '/api/Companies', admin, newCompany())).statusCode).toBe(403);
    const bad = await call('POST', '/api/Companies', root, {
      name: '',
      email: 'nope',
      admin: { email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'admin.firstName', 'admin.email']),
    );
  });

  it('creates the company with roles, department and its admin, who signs in', async () => {
    const body = newCompany();
    const res = await call('POST', '/api/Companies', root, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.companies.created);
    const d = res.json().data;
    expect(d.id).toBe(d.companyId);
    expect(d).toMatchObject({
      name: 'Globex',
      email: 'hello@globex.test',
      isActive: true,
      isApproved: true,
      userCount: 1,
      invitationSent: false,
      documents: [],
    });
    expect(d.companyRoles.map((r: { roleName: string }) => r.roleName)).toEqual([
      'Company Admin',
      'Employee',
      'Manager',
    ]);
    const s = await login(app, body.admin.email, body.admin.password);
    expect(s.companyId).toBe(d.companyId);
    expect(s.permissions).toContain('employee:create');

    const taken = await call(
      'POST',
      '/api/Companies',
      root,
      newCompany({ admin: { ...body.admin, email: body.admin.email.toUpperCase() } }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors['admin.email']).toEqual([MESSAGES.auth.emailTaken]);
  });

  it('invites the admin by email when no password is given', async () => {
    const body = newCompany({ name: 'Initech', email: 'info@initech.test' });
    const { password: _password, ...adminNoPassword } = body.admin as { password: string; email: string };
    const res = await call('POST', '/api/Companies', root, { ...body, admin: adminNoPassword });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.invitationSent).toBe(true);
    await app.jobs.drain(); // the invitation is mailed by a job enqueued with the company
    const mail = app.mailer.outbox().find((m) => m.to === adminNoPassword.email);
    expect(mail?.subject).toContain('Initech');
    const link = mail?.text.match(/reset-password\?token=([^&\s]+)&email=(\S+)/);
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      email: adminNoPassword.email,
      token: decodeURIComponent(link?.[1] ?? ''),
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, adminNoPassword.email)).companyId).toBe(res.json().data.companyId);
  });
});

describe('GET /api/Companies', () => {
  it('401, 403 for company users', async () => {
    expect((await call('GET', '/api/Companies')).statusCode).toBe(401);
    expect((await call('GET', '/api/Companies', admin)).statusCode).toBe(403);
  });

  it('pages 5 by default, without the platform company, with user counts; sorts and searches', async () => {
    for (const n of ['Delta', 'Echo', 'Foxtrot']) await buildCompany(database.db, { name: n });
    const res = await call('GET', '/api/Companies', root);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ pageNumber: 1, pageSize: 5 });
    expect(data.items).toHaveLength(5);
    expect(data.totalPages).toBe(Math.ceil(data.totalCount / 5));
    const all = (await call('GET', '/api/Companies?pageSize=100', root)).json().data.items as {
      name: string;
      userCount: number;
      companyLogoUrl: null;
    }[];
    expect(all.map((c) => c.name)).not.toContain('Taskhive Platform');
    expect(all.find((c) => c.name === 'Acme')?.userCount).toBe(2);
    expect(all.map((c) => c.name)).toEqual(
      [...all.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );

    const desc = (await call('GET', '/api/Companies?sortBy=createdAt&sortOrder=desc&pageSize=1', root)).json()
      .data.items;
    expect(desc[0].name).toBe('Foxtrot');
    const search = (await call('GET', '/api/Companies?search=globex.TEST', root)).json().data.items;
    expect(search.map((c: { name: string }) => c.name)).toEqual(['Globex']);
    expect((await call('GET', '/api/Companies?sortBy=passwordHash', root)).statusCode).toBe(400);
  });
});

describe('GET /api/Companies/dashboard-stats', () => {
  it('401, 403 for company users, and the figures without the platform company', async () => {
    expect((await call('GET', '/api/Companies/dashboard-stats')).statusCode).toBe(401);
    expect((await call('GET', '/api/Companies/dashboard-stats', admin)).statusCode).toBe(403);
    const c = await buildCompany(database.db, { name: 'Stats Inc' });
    await database.db
      .update(companies)
      .set({ isActive: false, isApproved: false })
      .where(eq(companies.id, c.companyId));
    const res = await call('GET', '/api/Companies/dashboard-stats', root);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    const tenants = (await call('GET', '/api/Companies?pageSize=200', root)).json().data.items as {
      isActive: boolean;
      isApproved: boolean;
      userCount: number;
    }[];
    expect(s.totalCompanies).toBe(tenants.length);
    expect(s.activeCompanies).toBe(tenants.filter((t) => t.isActive).length);
    expect(s.approvedCompanies).toBe(tenants.filter((t) => t.isApproved).length);
    expect(s.activeCompanies).toBe(s.totalCompanies - 1);
    expect(s.totalActiveUsers).toBeGreaterThanOrEqual(3);
    expect(s.companiesByMonth).toHaveLength(12);
    expect(s.companiesByMonth.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      count: s.totalCompanies,
    });
  });

  it('lists the last 12 months oldest first, across a year boundary', () => {
    expect(lastMonths(3, new Date(Date.UTC(2026, 0, 15)))).toEqual(['2025-11', '2025-12', '2026-01']);
  });
});

describe('GET/PUT/DELETE /api/Companies/{id}', () => {
  it('a company user reads only its own company; other ids are 404; the Super Admin reads any', async () => {
    expect((await call('GET', `/api/Companies/${acme.companyId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/Companies/${acme.companyId}`, employee)).statusCode).toBe(403);
    expect((await call('GET', `/api/Companies/${other.companyId}`, admin)).statusCode).toBe(404);
    const own = await call('GET', `/api/Companies/${acme.companyId}`, admin);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ companyId: acme.companyId, name: 'Acme', documents: [] });
    expect(own.json().data.companyRoles).toHaveLength(3);
    expect(own.json().data).not.toHaveProperty('logoPath');
    expect((await call('GET', `/api/Companies/${acme.companyId}`, root)).statusCode).toBe(200);
    expect((await call('GET', '/api/Companies/not-a-uuid', root)).statusCode).toBe(400);
  });

  it('updates its own company (company:update); never another', async () => {
    expect((await call('PUT', `/api/Companies/${acme.companyId}`, employee, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/api/Companies/${other.companyId}`, admin, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/Companies/${acme.companyId}`, admin, {
      name: '',
      website: 'x'.repeat(400),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'website']));
    const res = await call('PUT', `/api/Companies/${acme.companyId}`, admin, {
      industry: 'Anvils',
      website: 'https://acme.test',
      email: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.companies.updated);
    expect(res.json().data).toMatchObject({
      name: 'Acme',
      industry: 'Anvils',
      website: 'https://acme.test',
      email: null,
    });
  });

  it('delete (Super Admin) deactivates and keeps the data; its users can no longer sign in', async () => {
    const c = await buildCompany(database.db, { name: 'Doomed' });
    const s = await login(app, c.adminEmail);
    expect((await call('DELETE', `/api/Companies/${c.companyId}`, s)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/Companies/${c.companyId}`)).statusCode).toBe(401);
    const res = await call('DELETE', `/api/Companies/${c.companyId}`, root);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.companies.deleted);
    expect((await call('GET', '/api/auth/me', s)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/auth/login', undefined, {
      email: c.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(signIn.json().message).toBe(MESSAGES.auth.companyInactive);
    expect((await call('GET', `/api/Companies/${c.companyId}`, root)).json().data).toMatchObject({
      name: 'Doomed',
      isActive: false,
      userCount: 1,
    });
    expect(
      (await call('DELETE', '/api/Companies/00000000-0000-4000-8000-000000000000', root)).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/Companies/{id}/users (Super Admin)', () => {
  it('401, 403 for a company admin, 404 for the platform or an unknown company, then the list', async () => {
    const url = `/api/Companies/${acme.companyId}/users`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/Companies/${root.companyId}/users`, root)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/Companies/00000000-0000-4000-8000-000000000000/users', root)).statusCode,
    ).toBe(404);
    expect((await call('GET', `${url}?statusNames=nope`, root)).statusCode).toBe(400);
    const res = await call('GET', `${url}?sortBy=email&search=admin`, root);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((u: { userId: string }) => u.userId)).toEqual([acme.adminUserId]);
    expect(res.json().data).toMatchObject({ totalCount: 1, pageSize: 50 });
  });
});

describe('approve and status (Super Admin)', () => {
  it('403 for a company admin (even with company:update), 400 on an empty body, then approve/deactivate/activate', async () => {
    const c = await buildCompany(database.db, { name: 'Pending' });
    await database.db
      .update(companies)
      .set({ isApproved: false, approvedAt: null })
      .where(eq(companies.id, c.companyId));
    expect((await call('POST', `/api/Companies/${c.companyId}/approve`, admin)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/Companies/${c.companyId}/status`, admin, { isActive: false })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/Companies/${c.companyId}/status`, root, {})).statusCode).toBe(400);

    const approved = await call('POST', `/api/Companies/${c.companyId}/approve`, root);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ isApproved: true, approvedAt: expect.any(String) });
    const off = await call('PUT', `/api/Companies/${c.companyId}/status`, root, { isActive: false });
    expect(off.json().data).toMatchObject({ isActive: false, isApproved: true });
    const on = await call('PUT', `/api/Companies/${c.companyId}/status`, root, { isActive: true });
    expect(on.json().data.isActive).toBe(true);
    expect((await login(app, c.adminEmail)).companyId).toBe(c.companyId);
  });
});

describe('logo and documents', () => {
  it('uploads a logo (own company), sets updatedAt and serves it inline to the company and the Super Admin only', async () => {
    const url = `/api/Companies/${acme.companyId}/upload-logo`;
    expect((await upload(url, employee, { name: 'logo.png', content: PNG })).statusCode).toBe(403);
    expect(
      (
        await upload(`/api/Companies/${other.companyId}/upload-logo`, admin, {
          name: 'logo.png',
          content: PNG,
        })
      ).statusCode,
    ).toBe(404);
    const before = (await call('GET', `/api/Companies/${acme.companyId}`, admin)).json().data.updatedAt;
    const res = await upload(url, admin, { name: 'logo.png', content: PNG });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.logoUrl).toBe(d.companyLogoUrl);
    expect(d.logoUrl).toMatch(new RegExp(`^/api/Companies/${acme.companyId}/logo\\?v=\\d+$`));
    expect(new Date(d.updatedAt).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect((await call('GET', `/api/Companies/${acme.companyId}`, admin)).json().data.companyLogoUrl).toBe(
      d.logoUrl,
    );

    const img = await call('GET', `/api/Companies/${acme.companyId}/logo`, employee);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/api/Companies/${acme.companyId}/logo`, root)).statusCode).toBe(200);
    expect((await call('GET', `/api/Companies/${acme.companyId}/logo`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/Companies/${other.companyId}/logo`, otherAdmin)).statusCode).toBe(404);
  });

  it('uploads, lists, downloads and deletes documents; other tenants get 404', async () => {
    const url = `/api/Companies/${acme.companyId}/documents`;
    expect((await upload(url, employee, { name: 'a.pdf', content: PDF })).statusCode).toBe(403);
    expect(
      (await upload(`/api/Companies/${other.companyId}/documents`, admin, { name: 'a.pdf', content: PDF }))
        .statusCode,
    ).toBe(404);
    const res = await upload(url, admin, { name: "Plan 'Q1' – final.pdf", content: PDF, type: 'text/html' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.companies.documentUploaded);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      fileName: "Plan 'Q1' – final.pdf",
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedBy: acme.adminUserId,
    });
    expect(doc.url).toBe(`${url}/${doc.documentId}`);
    expect(
      (await call('GET', `/api/Companies/${acme.companyId}`, admin))
        .json()
        .data.documents.map((x: { documentId: string }) => x.documentId),
    ).toContain(doc.documentId);

    const dl = await call('GET', doc.url, admin);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Plan 'Q1' _ final.pdf"; filename*=UTF-8''Plan%20%27Q1%27%20%E2%80%93%20final.pdf`,
    );
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', doc.url)).statusCode).toBe(401);
    expect((await call('GET', doc.url, employee)).statusCode).toBe(403);
    expect((await call('GET', doc.url, otherAdmin)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/Companies/${other.companyId}/documents/${doc.documentId}`, otherAdmin))
        .statusCode,
    ).toBe(404);

    expect((await call('DELETE', doc.url, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', doc.url, employee)).statusCode).toBe(403);
    const del = await call('DELETE', doc.url, admin);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', doc.url, admin)).statusCode).toBe(404);
    expect((await call('DELETE', doc.url, admin)).statusCode).toBe(404);
  });
});
