import type { FailedJob } from '@taskhive/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import FailedJobsPage from './failed-jobs-page';

const DEAD: FailedJob = {
  jobId: '41',
  task: 'mail:invitation',
  attempts: 10,
  maxAttempts: 10,
  lastError: '421 SMTP service not available',
  state: 'dead',
  failedAt: '2026-11-26T10:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-26T00:00:00.000Z',
};
const RETRYING: FailedJob = {
  ...DEAD,
  jobId: '42',
  task: 'mail:notification',
  attempts: 2,
  state: 'retrying',
  lastError: 'connection refused',
  nextAttemptAt: '2026-11-26T10:00:07.000Z',
};

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

const session = signedIn({ permissions: ['company:read', 'company:read:all'] });

afterEach(() => vi.unstubAllGlobals());

describe('FailedJobsPage', () => {
  it('lists failed jobs with their state, attempts and last error; Retry asks the server and reloads', async () => {
    let jobs = [RETRYING, DEAD];
    const calls = serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/platform/jobs/failed') return jsonResponse(200, jobs);
      if (path === '/api/platform/jobs/41/retry' && req.method === 'POST') {
        jobs = [RETRYING];
        return jsonResponse(200, null, { message: 'The job will run again shortly.' });
      }
      return jsonResponse(404, null);
    });
    const { user } = render(<FailedJobsPage />, { preloadedState: session });
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const dead = rows[1] as HTMLElement;
    expect(within(dead).getByText('Invitation email')).toBeInTheDocument();
    expect(within(dead).getByText('Dead')).toBeInTheDocument();
    expect(within(dead).getByText('10 of 10')).toBeInTheDocument();
    expect(within(dead).getByText('421 SMTP service not available')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Retrying')).toBeInTheDocument();

    await user.click(within(dead).getByRole('button', { name: 'Retry job 41' }));
    expect(await screen.findByText('The job will run again shortly.')).toBeInTheDocument();
    expect(
      calls.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/platform/jobs/41/retry'),
    ).toBe(true);
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1));
  });

  it('says so when nothing failed, and shows an error with Retry when the list fails', async () => {
    serve(() => jsonResponse(200, []));
    render(<FailedJobsPage />, { preloadedState: session });
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
    vi.unstubAllGlobals();

    serve(() => jsonResponse(403, null, { message: 'Forbidden' }));
    render(<FailedJobsPage />, { preloadedState: session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });
});
