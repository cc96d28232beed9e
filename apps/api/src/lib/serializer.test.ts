import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, paged, taskSchema } from '@taskhive/contract';
import type { App } from '../app.ts';
import { buildTestApp } from '../test/build-app.ts';
import { planFor, responseSerializer } from './serializer.ts';

let app: App;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

const compile = (schema: z.ZodType, check: boolean) =>
  responseSerializer({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('answers are written by plans made from the contract', () => {
  it('every response schema of every route has a plan (none falls back to zod)', () => {
    const schemas = app.declaredRoutes.flatMap((r) =>
      Object.entries(r.responses).map(([code, schema]) => ({ at: `${r.method} ${r.url} ${code}`, schema })),
    );
    expect(schemas.length).toBeGreaterThan(100);
    const without = schemas.filter((s) => !planFor(s.schema as z.ZodType)).map((s) => s.at);
    expect(without).toEqual([]);
  });

  it('writes only the declared properties, as zod strips the rest', () => {
    const write = compile(z.object({ userId: z.string(), name: z.string().nullable() }), false);
    const out = JSON.parse(write({ userId: 'u1', name: null, passwordHash: 'secret', companyId: 'c' }));
    expect(out).toEqual({ userId: 'u1', name: null });
  });

  it('writes what zod writes for a board page (nullable fields, nested assignees)', () => {
    const schema = envelope(paged(taskSchema));
    const card = {
      taskId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      key: 'WEB-7',
      projectId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      projectName: 'Web "relaunch" </script>',
      taskListId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
      listName: 'Backlog',
      parentTaskId: null,
      title: 'Ünïcödé \u2028 line',
      description: null,
      statusId: null,
      statusName: null,
      statusColor: null,
      priorityId: null,
      priorityName: null,
      startDate: '2026-01-01',
      dueDate: null,
      estimatedHours: 1.25,
      actualHours: null,
      progress: 50,
      sortOrder: -(2 ** 50),
      isOverdue: false,
      subtaskCount: 2,
      blockedByOpenCount: 1,
      recurring: false,
      labels: [{ labelId: '0c7d4e58-2f5b-4c1e-9a55-3f7b1c2d9e10', name: 'Bug', color: 'red' }],
      customFields: { '5d2f0a4b-8c3e-4f6a-9b1d-2e7c8a9f0b12': ['a', 'b'] },
      assignees: [
        {
          userId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
          firstName: 'A',
          lastName: 'B',
          profilePhotoUrl: null,
        },
      ],
      createdBy: null,
      completedAt: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
    };
    const body = {
      status: 'success',
      statusCode: 200,
      message: 'OK',
      data: {
        items: [card, { ...card, extra: 1 }],
        totalCount: 2,
        pageNumber: 1,
        pageSize: 5,
        totalPages: 1,
      },
    };
    const written = compile(schema, true)(body);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(schema, body as never))));
  });

  it('in tests, an answer the contract refuses fails the request instead of going out', () => {
    const schema = z.object({ status: z.enum(['success', 'error']), count: z.number().int() });
    expect(() => compile(schema, true)({ status: 'maybe', count: 1 })).toThrow(/doesn't match the schema/);
    expect(() => compile(schema, true)({ status: 'success', count: 1.5 })).toThrow(
      /doesn't match the schema/,
    );
    expect(compile(schema, true)({ status: 'success', count: 2 })).toBe('{"status":"success","count":2}');
  });
});
