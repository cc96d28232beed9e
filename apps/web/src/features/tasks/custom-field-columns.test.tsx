import { screen, waitFor } from '@testing-library/react';
import type { CustomField } from '@taskhive/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, signedIn } from '../../test/render';
import { pathOf, PROJECT_ID, serve } from '../../test/work-fixtures';
import { CustomFieldListBar } from './custom-field-columns';

const field: CustomField = {
  fieldId: '40000000-0000-4000-8000-000000000001',
  name: 'Risk',
  type: 'text',
  options: [],
  showOnCard: false,
  position: 0,
  projectCount: 1,
};
const LABEL = '30000000-0000-4000-8000-000000000001';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CustomFieldListBar', () => {
  it("CSV: the export asks for the lists' label filter (labels= in the URL) as labelIds", async () => {
    const calls = serve(
      async () => new Response('Key,Title\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = render(<CustomFieldListBar projectId={PROJECT_ID} fields={[field]} people={[]} />, {
      route: `/?labels=${LABEL}`,
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    await user.click(await screen.findByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((r) => pathOf(r).endsWith('/tasks.csv'))).toBe(true));
    const csv = calls.find((r) => pathOf(r).endsWith('/tasks.csv'));
    expect(pathOf(csv as Request)).toBe(`/api/CustomFields/projects/${PROJECT_ID}/tasks.csv`);
    expect(new URL(csv?.url ?? 'http://x').searchParams.get('labelIds')).toBe(LABEL);
  });
});
