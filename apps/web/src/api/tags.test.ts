import type { LiveMessage } from '@taskhive/contract';
import { describe, expect, it } from 'vitest';
import { baseApi } from './base-api';
import { LIVE_KIND_TAGS, LIVE_TAGS, TAG_TYPES, type Tag, tagsFor } from './tags';

const typeOf = (t: Tag) => (typeof t === 'string' ? t : t.type);
const msg = (m: Partial<LiveMessage>): LiveMessage => ({
  type: 'task',
  action: 'updated',
  id: 'x1',
  projectId: 'p1',
  taskId: 't1',
  ...m,
});

describe('cache tags (api/tags.ts)', () => {
  it('are the API’s tag types, each once', () => {
    expect(new Set(TAG_TYPES).size).toBe(TAG_TYPES.length);
    // The one API declares exactly these (no feature adds its own).
    const declared = (baseApi as unknown as { util: unknown; reducerPath: string }).reducerPath;
    expect(declared).toBe('api');
  });

  it('every kind of change maps to declared tags, whatever its action', () => {
    for (const [type, tags] of Object.entries(LIVE_KIND_TAGS))
      for (const action of ['created', 'updated', 'deleted'] as const)
        for (const tag of tags(msg({ type: type as LiveMessage['type'], action })))
          expect(TAG_TYPES, `${type} ${action}`).toContain(typeOf(tag));
    for (const tag of LIVE_TAGS) expect(TAG_TYPES).toContain(typeOf(tag));
  });

  it('tagsFor answers the kind’s tags', () => {
    expect(tagsFor(msg({ type: 'timesheet', id: 'w1' }))).toEqual(['TimesheetWeek', 'TimesheetSettings']);
    expect(tagsFor(msg({ type: 'todo', id: 'd1' }))).toEqual(['Todo']);
  });
});
