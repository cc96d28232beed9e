import type { Package } from '@taskhive/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, render, signedIn } from '../../test/render';
import { PackageModulesDialog } from './package-modules-dialog';

const pkg: Package = {
  packageId: '00000000-0000-4000-8000-000000000001',
  name: 'Starter',
  description: null,
  monthlyPrice: 0,
  yearlyPrice: 0,
  trialDays: 0,
  currency: 'USD',
  packageType: 'free',
  status: 'active',
  purchaseCount: 1,
  moduleCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('PackageModulesDialog (issue 23, defect 11)', () => {
  it('never offers Platform Administration for a company package', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    render(
      <PackageModulesDialog
        pkg={pkg}
        moduleOptions={[
          { moduleId: '00000000-0000-4000-8000-0000000000a1', name: 'Projects', key: 'projects' },
          {
            moduleId: '00000000-0000-4000-8000-0000000000a2',
            name: 'Platform Administration',
            key: 'platform',
          },
        ]}
        onClose={() => {}}
      />,
      { preloadedState: signedIn({ permissions: ['package:update'] }) },
    );
    expect(await screen.findByRole('checkbox', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Platform Administration' })).toBeNull();
    expect(screen.queryByText('Platform Administration')).toBeNull();
  });
});
