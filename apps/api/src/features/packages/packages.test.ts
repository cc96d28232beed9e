import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-app.ts';
import {
  bearer,
  buildSuperAdmin,
  login,
  type Session,
  type TestCompany,
  twoTenants,
} from '../../test/factories.ts';

let app: App;
let database: Database;
let root: Session;
let admin: Session;
let employee: Session;
let otherAdmin: Session;
let acme: TestCompany;
let other: TestCompany;
let moduleIds: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, database.db));
  root = await login(app, (await buildSuperAdmin(database.db)).email);
  const mods = (await call('GET', '/api/Modules?pageSize=50', root)).json().data.items as {
    key: string;
    moduleId: string;
  }[];
  moduleIds = Object.fromEntries(mods.map((m) => [m.key, m.moduleId]));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: object) =>
  app.inject({ method, url, headers: s ? bearer(s) : {}, ...(payload ? { payload } : {}) });
const missing = '00000000-0000-4000-8000-000000000000';

async function createPackage(body: object = {}) {
  const res = await call('POST', '/api/Package', root, {
    name: `Pkg ${Math.random().toString(36).slice(2, 8)}`,
    monthlyPrice: 19.5,
    yearlyPrice: 195,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { packageId: string; name: string; purchaseCount: number };
}

const permsOf = async (s: Session) =>
  (await call('GET', '/api/auth/me', s)).json().data.permissions as string[];

describe('/api/Package', () => {
  it('401, 403 for writes by a Company Admin, 400 with field errors', async () => {
    expect((await call('GET', '/api/Package')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/Package', admin, { name: 'X', monthlyPrice: 1, yearlyPrice: 1 })).statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/Package', root, { name: '', monthlyPrice: -1, yearlyPrice: 1.234 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: [expect.any(String)],
      monthlyPrice: [expect.any(String)],
      yearlyPrice: [expect.any(String)],
    });
  });

  it('creates (201) with modules, updates only what is sent, filters by price and type', async () => {
    const p = await createPackage({
      monthlyPrice: 12,
      yearlyPrice: 120,
      trialDays: 7,
      packageType: 'premium',
      moduleIds: [moduleIds.reports],
    });
    expect(p).toMatchObject({
      monthlyPrice: 12,
      yearlyPrice: 120,
      trialDays: 7,
      purchaseCount: 0,
      moduleCount: 1,
    });
    const put = await call('PUT', `/api/Package/${p.packageId}`, root, { trialDays: 14 });
    expect(put.json().data).toMatchObject({ name: p.name, monthlyPrice: 12, trialDays: 14 });
    const found = await call('GET', '/api/Package?priceFrom=11&priceTo=12.5&packageType=premium', root);
    expect(found.json().data.items.map((x: { packageId: string }) => x.packageId)).toContain(p.packageId);
    const none = await call('GET', '/api/Package?priceFrom=13&packageType=premium', root);
    expect(none.json().data.items.map((x: { packageId: string }) => x.packageId)).not.toContain(p.packageId);
    expect((await call('GET', '/api/Package', root)).json().data.pageSize).toBe(10);
  });

  it('manages the modules of a package', async () => {
    const p = await createPackage();
    const add = await call('POST', `/api/Package/${p.packageId}/modules/${moduleIds.tasks}`, root);
    expect(add.statusCode).toBe(201);
    const mods = await call('GET', `/api/Package/${p.packageId}/modules`, root);
    expect(mods.json().data.map((m: { key: string }) => m.key)).toEqual(['tasks']);
    expect((await call('POST', `/api/Package/${p.packageId}/modules/${missing}`, root)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/Package/${p.packageId}/modules/${moduleIds.tasks}`, root)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/Package/${p.packageId}/modules/${moduleIds.tasks}`, root)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/Package/${p.packageId}/modules/${moduleIds.tasks}`, admin)).statusCode,
    ).toBe(403);
  });

  it('a company sees active packages only; an inactive one is 404 to it', async () => {
    const p = await createPackage({ status: 'inactive' });
    expect((await call('GET', `/api/Package/${p.packageId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).statusCode).toBe(200);
    const list = (await call('GET', '/api/Package?pageSize=200', admin)).json().data.items;
    expect(list.every((x: { status: string }) => x.status === 'active')).toBe(true);
  });

  it('deletes with 204; a purchased package is deactivated instead of erased', async () => {
    const unsold = await createPackage();
    expect((await call('DELETE', `/api/Package/${unsold.packageId}`, root)).statusCode).toBe(204);
    expect((await call('GET', `/api/Package/${unsold.packageId}`, root)).statusCode).toBe(404);

    const sold = await createPackage();
    const buy = await call(
      'POST',
      `/api/Companies/${acme.companyId}/packages/${sold.packageId}/purchase`,
      root,
    );
    expect(buy.statusCode).toBe(201);
    expect((await call('DELETE', `/api/Package/${sold.packageId}`, root)).statusCode).toBe(204);
    const kept = await call('GET', `/api/Package/${sold.packageId}`, root);
    expect(kept.json().data).toMatchObject({ status: 'inactive', purchaseCount: 1 });
    expect((await call('DELETE', `/api/Package/${missing}`, root)).statusCode).toBe(404);
  });
});

describe('purchases', () => {
  it('401, 403 for an Employee, 404 for another company or a missing package, 400 for a bad id', async () => {
    const p = await createPackage();
    const url = (c: string) => `/api/Companies/${c}/packages/${p.packageId}/purchase`;
    expect((await call('POST', url(acme.companyId))).statusCode).toBe(401);
    expect((await call('POST', url(acme.companyId), employee)).statusCode).toBe(403);
    expect((await call('POST', url(other.companyId), admin)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/Companies/${acme.companyId}/packages/${missing}/purchase`, admin)).statusCode,
    ).toBe(404);
    const bad = await call('POST', `/api/Companies/nope/packages/${p.packageId}/purchase`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('companyId');
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).json().data.purchaseCount).toBe(0);
  });

  it("a Company Admin buys for their company: paid purchase, purchaseCount + 1, the package's modules at full access", async () => {
    // Acme has Reports at read only: a purchase raises it to full.
    await call('PUT', `/api/Companies/${acme.companyId}/modules/${moduleIds.reports}`, root, {
      accessLevel: 'read',
    });
    expect(await permsOf(admin)).not.toContain('report:delete');
    const p = await createPackage({ moduleIds: [moduleIds.reports] });
    const res = await call(
      'POST',
      `/api/Companies/${acme.companyId}/packages/${p.packageId}/purchase`,
      admin,
      {
        billingCycle: 'yearly',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.packages.purchased);
    expect(res.json().data).toMatchObject({
      companyId: acme.companyId,
      packageId: p.packageId,
      amount: 195,
      billingCycle: 'yearly',
      paymentStatus: 'paid',
      status: 'active',
    });
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).json().data.purchaseCount).toBe(1);
    expect(await permsOf(admin)).toContain('report:delete');

    const mine = await call('GET', `/api/Companies/${acme.companyId}/packages`, admin);
    expect(mine.json().data.map((x: { packageId: string }) => x.packageId)).toContain(p.packageId);
    expect((await call('GET', `/api/Companies/${acme.companyId}/packages`, otherAdmin)).statusCode).toBe(404);
  });

  it('the Super Admin buys for any company; an inactive package cannot be bought', async () => {
    const p = await createPackage();
    expect(
      (await call('POST', `/api/Companies/${other.companyId}/packages/${p.packageId}/purchase`, root))
        .statusCode,
    ).toBe(201);
    const off = await createPackage({ status: 'inactive' });
    expect(
      (await call('POST', `/api/Companies/${other.companyId}/packages/${off.packageId}/purchase`, root))
        .statusCode,
    ).toBe(409);
  });

  it('GET /api/PackagePurchases: a company sees its own whatever companyId it sends; filters work', async () => {
    const p = await createPackage();
    await call('POST', `/api/Companies/${other.companyId}/packages/${p.packageId}/purchase`, otherAdmin);
    const acmeView = await call('GET', `/api/PackagePurchases?companyId=${other.companyId}`, admin);
    expect(acmeView.statusCode).toBe(200);
    expect(
      acmeView.json().data.items.every((x: { companyId: string }) => x.companyId === acme.companyId),
    ).toBe(true);
    const rootView = await call('GET', `/api/PackagePurchases?packageId=${p.packageId}&status=active`, root);
    expect(rootView.json().data.items.map((x: { companyId: string }) => x.companyId)).toEqual([
      other.companyId,
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = await call(
      'GET',
      `/api/PackagePurchases?packageId=${p.packageId}&purchaseDateFrom=${tomorrow}`,
      root,
    );
    expect(later.json().data.totalCount).toBe(0);
    expect((await call('GET', '/api/PackagePurchases?status=paid', root)).statusCode).toBe(400);
    expect((await call('GET', '/api/PackagePurchases')).statusCode).toBe(401);
  });
});
