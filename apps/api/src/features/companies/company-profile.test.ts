import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@taskhive/contract';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/build-app.ts';
import { bearer, type Session, type TestCompany, twoTenants } from '../../test/factories.ts';

/** The company profile (issue 24): vision, mission, goals, core values, size, the dashboard opt-in. */
let app: App;
let acme: TestCompany;
let other: TestCompany;
let admin: Session;
let employee: Session;
let otherAdmin: Session;

beforeAll(async () => {
  const built = await buildTestApp();
  app = built.app;
  ({ acme, other, admin, employee, otherAdmin } = await twoTenants(app, built.database.db));
});
afterAll(() => app.close());

const put = (id: string, s: Session | undefined, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/Companies/${id}`, headers: s ? bearer(s) : {}, payload });
const get = (id: string, s: Session) =>
  app.inject({ method: 'GET', url: `/api/Companies/${id}`, headers: bearer(s) });

const profile = {
  vision: 'Every team ships on time',
  mission: 'Tools that stay out of the way',
  goals: 'Ten thousand teams by 2028',
  coreValues: ['Candour', '  Care  ', 'Craft'],
  companySize: '51-200',
  celebrationsWidget: true,
};

describe('company profile: PUT /api/Companies/:id', () => {
  it('answers 401 without a token', async () => {
    expect((await put(acme.companyId, undefined, profile)).statusCode).toBe(401);
  });

  it('answers 403 to an employee without company:update', async () => {
    expect((await put(acme.companyId, employee, profile)).statusCode).toBe(403);
  });

  it('answers 404 for another company', async () => {
    expect((await put(other.companyId, admin, profile)).statusCode).toBe(404);
  });

  it('answers 400 naming the field: an unknown size, 8 core values, an empty or too long one', async () => {
    const size = await put(acme.companyId, admin, { companySize: '2-5' });
    expect(size.statusCode).toBe(400);
    expect(Object.keys(size.json().errors)).toContain('companySize');
    const many = await put(acme.companyId, admin, { coreValues: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.coreValues).toEqual([PROFILE_MESSAGES.tooManyCoreValues]);
    const empty = await put(acme.companyId, admin, { coreValues: ['ok', '  '] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toContain('coreValues.1');
    const long = await put(acme.companyId, admin, { vision: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toContain('vision');
    // A refused write changed nothing.
    expect((await get(acme.companyId, admin)).json().data.coreValues).toEqual([]);
  });

  it('saves the profile for the Company Admin, and the company page reads it', async () => {
    const res = await put(acme.companyId, admin, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      vision: profile.vision,
      coreValues: ['Candour', 'Care', 'Craft'],
      companySize: '51-200',
      celebrationsWidget: true,
    });
    const read = (await get(acme.companyId, admin)).json().data;
    expect(read).toMatchObject({ mission: profile.mission, goals: profile.goals, companySize: '51-200' });
    // Cleared with '' and null; the other fields stay.
    const cleared = await put(acme.companyId, admin, { vision: '', companySize: null, coreValues: [] });
    expect(cleared.json().data).toMatchObject({
      vision: null,
      companySize: null,
      coreValues: [],
      mission: profile.mission,
    });
  });

  it('a new company starts with no profile and the widget off', async () => {
    const d = (await get(other.companyId, otherAdmin)).json().data;
    expect(d).toMatchObject({
      vision: null,
      mission: null,
      goals: null,
      coreValues: [],
      companySize: null,
      celebrationsWidget: false,
    });
  });
});
