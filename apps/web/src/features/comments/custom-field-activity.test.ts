import type { Activity } from '@taskhive/contract';
import { describe, expect, it } from 'vitest';
import { activityText } from './task-timeline';

const line = (from: string | null, to: string | null): Activity => ({
  activityId: '50000000-0000-4000-8000-000000000001',
  taskId: '20000000-0000-4000-8000-000000000001',
  projectId: '10000000-0000-4000-8000-000000000001',
  actor: {
    userId: '60000000-0000-4000-8000-000000000001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePhotoUrl: null,
  },
  field: 'customField',
  from,
  to,
  createdAt: '2026-11-27T03:00:00.000Z',
});

describe('activityText, custom fields (issue 26)', () => {
  it('names the field and its values', () => {
    expect(activityText(line('Severity: Low', 'Severity: High'))).toBe(
      'Ada Lovelace changed Severity from Low to High',
    );
    expect(activityText(line(null, 'Severity: High'))).toBe('Ada Lovelace set Severity to High');
    expect(activityText(line('Notes: a: b', null))).toBe('Ada Lovelace cleared Notes (was a: b)');
  });
});
