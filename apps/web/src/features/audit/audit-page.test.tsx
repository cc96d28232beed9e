import type { AuditEvent, UserProfile } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import AuditPage, { describeDetails } from './audit-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const event = (n: number, e: Partial<AuditEvent>): AuditEvent => ({
  id: id(100 + n),
  at: `2026-03-0${n}T10:00:00.000Z`,
  kind: 'signin.succeeded',
  actorId: id(1),
  actorName: 'Ada Admin',
  actorEmail: 'ada@acme.test',
  actorIsPlatformAdmin: false,
  onBehalfOfId: null,
  onBehalfOfName: null,
  onBehalfOfEmail: null,
  subjectUserId: id(1),
  subjectName: 'Ada Admin',
  subjectEmail: 'ada@acme.test',
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  details: {},
  ...e,
});

const EVENTS: AuditEvent[] = [
  event(3, {
    kind: 'module.changed',
    actorId: id(9),
    actorName: 'Root Admin',
    actorEmail: 'root@taskhive.test',
    actorIsPlatformAdmin: true,
    subjectUserId: null,
    subjectName: null,
    subjectEmail: null,
    details: { moduleId: id(50), module: 'Reports', from: 'full', to: 'read' },
  }),
  event(2, {
    kind: 'signin.failed',
    actorId: null,
    actorName: null,
    actorEmail: null,
    subjectUserId: id(2),
    subjectName: 'Bob Builder',
    subjectEmail: 'bob@acme.test',
    details: { reason: 'wrong-password' },
  }),
  event(1, {}),
];

const IMPERSONATED: AuditEvent = event(4, {
  kind: 'impersonation.action',
  actorId: id(9),
  actorName: 'Root Admin',
  actorEmail: 'root@taskhive.test',
  actorIsPlatformAdmin: true,
  onBehalfOfId: id(1),
  onBehalfOfName: 'Ada Admin',
  onBehalfOfEmail: 'ada@acme.test',
  subjectUserId: null,
  subjectName: null,
  subjectEmail: null,
  details: { what: 'project created', entityId: id(60) },
});

const PEOPLE: Partial<UserProfile>[] = [
  { userId: id(1), firstName: 'Ada', lastName: 'Admin', email: 'ada@acme.test' },
  { userId: id(2), firstName: 'Bob', lastName: 'Builder', email: 'bob@acme.test' },
];

const paged = <T,>(items: T[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 25,
  totalPages: 1,
});

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      calls.push(req);
      return handler(req);
    }),
  );
  return calls;
}

const auditCalls = (calls: Request[]) => calls.filter((r) => new URL(r.url).pathname === '/api/Audit');
const lastAuditParams = (calls: Request[]) => new URL(auditCalls(calls).at(-1)?.url ?? '').searchParams;

const session = signedIn({ permissions: ['audit:read', 'employee:read', 'employee:read:all'] });

function standard(req: Request) {
  const path = new URL(req.url).pathname;
  if (path === '/api/CompanyUsers/details') return jsonResponse(200, paged(PEOPLE));
  // Sixty in all, so there is a next page.
  if (path === '/api/Audit') return jsonResponse(200, { ...paged(EVENTS), totalCount: 60, totalPages: 3 });
  return jsonResponse(404, null);
}

afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', () => {
  it('lists the events newest first, with who, about whom and what changed', async () => {
    serve(standard);
    render(<AuditPage />, { preloadedState: session });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Module access changed')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Root Admin')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Platform admin')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('full → read · module: Reports')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Sign-in failed')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Unknown')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('reason: wrong-password')).toBeInTheDocument();
  });

  it('shows an impersonated action as the platform admin acting for the Company Admin, ids left out', async () => {
    serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/Audit') return jsonResponse(200, paged([IMPERSONATED]));
      return standard(req);
    });
    render(<AuditPage />, { preloadedState: session });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Done while impersonating')).toBeInTheDocument();
    expect(cells.getByText('Root Admin')).toBeInTheDocument();
    expect(cells.getByText('Platform admin')).toBeInTheDocument();
    expect(cells.getByText('for Ada Admin')).toBeInTheDocument();
    expect(cells.getByText('what: project created')).toBeInTheDocument();
  });

  it('filters by kind, user and dates, back to page 1, and clears them', async () => {
    const calls = serve(standard);
    const { user } = render(<AuditPage />, { preloadedState: session });
    await screen.findByRole('table', { name: 'Audit log' });
    expect(lastAuditParams(calls).get('kind')).toBeNull();
    expect(lastAuditParams(calls).get('pageSize')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastAuditParams(calls).get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Roles (all)' }));
    await waitFor(() => expect(lastAuditParams(calls).get('kind')).toBe('role'));
    expect(lastAuditParams(calls).get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Bob Builder · bob@acme.test' }));
    await waitFor(() => expect(lastAuditParams(calls).get('userId')).toBe(id(2)));

    await user.type(screen.getByLabelText('From (UTC)'), '2026-03-01');
    await waitFor(() => expect(lastAuditParams(calls).get('from')).toBe('2026-03-01'));
    expect(lastAuditParams(calls).get('kind')).toBe('role');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      const p = lastAuditParams(calls);
      expect([p.get('kind'), p.get('userId'), p.get('from')]).toEqual([null, null, null]);
    });
  });

  it('exports the filtered log as CSV with the bearer token', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const calls = serve((req) =>
      new URL(req.url).pathname === '/api/Audit/export.csv'
        ? new Response('Time (UTC),Kind\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : standard(req),
    );
    const { user } = render(<AuditPage />, { preloadedState: session });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Sign-in failed' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.some((r) => new URL(r.url).pathname === '/api/Audit/export.csv')).toBe(true),
    );
    const exported = calls.find((r) => new URL(r.url).pathname === '/api/Audit/export.csv');
    expect(new URL(exported?.url ?? '').searchParams.get('kind')).toBe('signin.failed');
    expect(new URL(exported?.url ?? '').searchParams.get('page')).toBeNull();
    expect(exported?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('shows the error with Retry when the log cannot be loaded', async () => {
    serve((req) =>
      new URL(req.url).pathname === '/api/Audit'
        ? jsonResponse(403, null, { message: 'You do not have permission to perform this action.' })
        : standard(req),
    );
    render(<AuditPage />, { preloadedState: session });
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    serve((req) =>
      new URL(req.url).pathname === '/api/Audit' ? jsonResponse(200, paged([])) : standard(req),
    );
    render(<AuditPage />, { preloadedState: session });
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });
});

describe('describeDetails', () => {
  it('leaves ids out and shows changes as from → to', () => {
    expect(
      describeDetails({
        roleId: id(1),
        role: 'Auditors',
        changes: { name: { from: 'Auditors', to: 'Reviewers' }, isActive: { from: true, to: false } },
      }),
    ).toBe('role: Auditors · name: Auditors → Reviewers · isActive: true → false');
    expect(describeDetails({})).toBe('');
  });
});
