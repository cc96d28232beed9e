import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  sqlRows,
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

/**
 * A package; by default with every tenant module, so a company buying it keeps all it has (a
 * company's grants follow its packages: package-grants.test.ts).
 */
async function createPackage(body: object = {}) {
  const res = await call('POST', '/api/Package', root, {
    name: `Pkg ${Math.random().toString(36).slice(2, 8)}`,
    monthlyPrice: 19.5,
    yearlyPrice: 195,
    moduleIds: Object.entries(moduleIds)
      .filter(([key]) => key !== 'platform')
      .map(([, id]) => id),
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
    const p = await createPackage({ moduleIds: [] });
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
    const p = await createPackage();
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

describe('buying a package the company holds', () => {
  const buy = (s: Session | undefined, companyId: string, packageId: string, o: BuyOptions = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/Companies/${companyId}/packages/${packageId}/purchase`,
      headers: { ...(s ? bearer(s) : {}), ...(o.key !== undefined ? { 'idempotency-key': o.key } : {}) },
      payload: { billingCycle: o.cycle ?? 'monthly' },
    });
  type BuyOptions = { key?: string; cycle?: 'monthly' | 'yearly' };
  const purchasesOf = async (companyId: string, packageId: string) =>
    (
      await sqlRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from package_purchases where company_id = ${companyId} and package_id = ${packageId}`,
      )
    )[0]?.n;
  /** Moves the company's purchases of the package (and its keys) back in time. */
  const age = async (companyId: string, packageId: string, interval: string) => {
    await database.db.execute(
      sql`update package_purchases set purchased_at = purchased_at - ${interval}::interval
          where company_id = ${companyId} and package_id = ${packageId}`,
    );
    await database.db.execute(
      sql`update idempotency_keys set created_at = created_at - ${interval}::interval where company_id = ${companyId}`,
    );
  };

  it('is refused with 409 while its period covers today, and allowed again once it has ended', async () => {
    const p = await createPackage();
    expect((await buy(admin, acme.companyId, p.packageId)).statusCode).toBe(201);
    const again = await buy(admin, acme.companyId, p.packageId, { cycle: 'yearly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.packages.alreadyActive);
    // The Super Admin buying for the company is refused the same way; another company is not.
    expect((await buy(root, acme.companyId, p.packageId)).statusCode).toBe(409);
    expect((await buy(otherAdmin, other.companyId, p.packageId)).statusCode).toBe(201);
    expect(await purchasesOf(acme.companyId, p.packageId)).toBe(1);

    // A month later the monthly period has ended: buying again is the renewal.
    await age(acme.companyId, p.packageId, '1 month 1 day');
    const renewed = await buy(admin, acme.companyId, p.packageId, { cycle: 'yearly' });
    expect(renewed.statusCode).toBe(201);
    // A yearly period still covers today two months on.
    await age(acme.companyId, p.packageId, '2 months');
    expect((await buy(admin, acme.companyId, p.packageId)).statusCode).toBe(409);
    expect(await purchasesOf(acme.companyId, p.packageId)).toBe(2);
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).json().data.purchaseCount).toBe(3);
  });

  it('a cancelled purchase does not hold the package', async () => {
    const p = await createPackage();
    expect((await buy(admin, acme.companyId, p.packageId)).statusCode).toBe(201);
    await database.db.execute(
      sql`update package_purchases set status = 'cancelled' where company_id = ${acme.companyId} and package_id = ${p.packageId}`,
    );
    expect((await buy(admin, acme.companyId, p.packageId)).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on a purchase', () => {
  const buy = (
    s: Session | undefined,
    companyId: string,
    packageId: string,
    key?: string,
    cycle = 'monthly',
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/Companies/${companyId}/packages/${packageId}/purchase`,
      headers: { ...(s ? bearer(s) : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
      payload: { billingCycle: cycle },
    });

  it('the same key and request answer the first purchase again, without a second one', async () => {
    const p = await createPackage();
    const key = randomUUID();
    const first = await buy(admin, acme.companyId, p.packageId, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await buy(admin, acme.companyId, p.packageId, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ message: MESSAGES.packages.purchased, data: first.json().data });
    // Whoever of the company sends it: the Super Admin buying for Acme with Acme's key.
    const byRoot = await buy(root, acme.companyId, p.packageId, key);
    expect(byRoot.json().data.purchaseId).toBe(first.json().data.purchaseId);
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).json().data.purchaseCount).toBe(1);
    const mine = (await call('GET', `/api/Companies/${acme.companyId}/packages`, admin)).json().data;
    expect(mine.filter((x: { packageId: string }) => x.packageId === p.packageId)).toHaveLength(1);
  });

  it('the same key with another request answers 422 and buys nothing', async () => {
    const p = await createPackage();
    const q = await createPackage();
    const key = randomUUID();
    expect((await buy(admin, acme.companyId, p.packageId, key)).statusCode).toBe(201);
    for (const res of [
      await buy(admin, acme.companyId, p.packageId, key, 'yearly'),
      await buy(admin, acme.companyId, q.packageId, key),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.packages.idempotencyKeyReused);
    }
    expect((await call('GET', `/api/Package/${q.packageId}`, root)).json().data.purchaseCount).toBe(0);
  });

  it('keys are per company: another company may send the same key for its own purchase', async () => {
    const p = await createPackage();
    const key = randomUUID();
    const acmes = await buy(admin, acme.companyId, p.packageId, key);
    const others = await buy(otherAdmin, other.companyId, p.packageId, key);
    expect([acmes.statusCode, others.statusCode]).toEqual([201, 201]);
    expect(others.headers['idempotent-replayed']).toBeUndefined();
    expect(others.json().data.companyId).toBe(other.companyId);
    expect(others.json().data.purchaseId).not.toBe(acmes.json().data.purchaseId);
  });

  it('a refused request is not remembered, and a key is forgotten after 24 hours', async () => {
    const p = await createPackage();
    const q = await createPackage();
    const key = randomUUID();
    // Refused (Acme holds p): the key stays free, so it can buy q.
    expect((await buy(admin, acme.companyId, p.packageId)).statusCode).toBe(201);
    expect((await buy(admin, acme.companyId, p.packageId, key)).statusCode).toBe(409);
    expect((await buy(admin, acme.companyId, q.packageId, key)).statusCode).toBe(201);
    // 25 hours on the key no longer replays: the request is a new purchase, refused as q is held.
    await database.db.execute(
      sql`update idempotency_keys set created_at = created_at - interval '25 hours' where company_id = ${acme.companyId}`,
    );
    const late = await buy(admin, acme.companyId, q.packageId, key);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.packages.alreadyActive);
  });

  it('401 without a token, 403 without company:update, 404 for another company, 400 for a malformed key', async () => {
    const p = await createPackage();
    const key = randomUUID();
    expect((await buy(undefined, acme.companyId, p.packageId, key)).statusCode).toBe(401);
    expect((await buy(employee, acme.companyId, p.packageId, key)).statusCode).toBe(403);
    expect((await buy(admin, other.companyId, p.packageId, key)).statusCode).toBe(404);
    for (const bad of ['', 'x'.repeat(256), 'two words', 'clé']) {
      const res = await buy(admin, acme.companyId, p.packageId, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('idempotency-key');
    }
    // None of them bought anything, and the key is still free.
    expect((await call('GET', `/api/Package/${p.packageId}`, root)).json().data.purchaseCount).toBe(0);
    const ok = await buy(admin, acme.companyId, p.packageId, key);
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });
});
