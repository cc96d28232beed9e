import { z } from 'zod';
import { text } from './text.ts';

/**
 * Labels (issue 26): coloured tags, one set per company, put on any of its tasks and filtered by
 * everywhere tasks are listed. Routes: `GET/POST /api/Labels`, `PUT/DELETE /api/Labels/{labelId}`,
 * `PUT /api/Labels/tasks/{taskId}` (a task's labels, replaced as a whole).
 */

/**
 * The named colours a label may take. The web maps each name to a theme colour with a readable
 * text colour on it (app/theme), so the database keeps a name, never a colour value.
 */
export const LABEL_COLORS = [
  'grey',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** Most labels one task carries, and most labels a company keeps. */
export const MAX_TASK_LABELS = 20;
export const MAX_COMPANY_LABELS = 200;
export const LABEL_NAME_MAX = 40;

/** A label as a task carries it: enough to draw its chip. */
export const taskLabelSchema = z.object({
  labelId: z.uuid(),
  name: z.string(),
  color: z.enum(LABEL_COLORS),
});
export type TaskLabel = z.infer<typeof taskLabelSchema>;

/** GET /api/Labels: the company's labels by name, with how many tasks carry each. */
export const labelSchema = taskLabelSchema.extend({
  taskCount: z.number().int(),
  createdAt: z.string(),
});
export type Label = z.infer<typeof labelSchema>;
export const labelListSchema = z.array(labelSchema);

const labelName = text()
  .trim()
  .min(1, 'Label name is required')
  .max(LABEL_NAME_MAX, `A label name has at most ${LABEL_NAME_MAX} characters`);
const labelColor = z.enum(LABEL_COLORS, { error: `Pick one of: ${LABEL_COLORS.join(', ')}` });

/** POST /api/Labels. */
export const createLabelBodySchema = z.strictObject({ name: labelName, color: labelColor });
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;

/** PUT /api/Labels/{labelId}: rename, recolour, or both. */
export const updateLabelBodySchema = z
  .strictObject({ name: labelName.optional(), color: labelColor.optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, {
    path: ['name'],
    message: 'Send a new name or a new colour',
  });
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

export const labelIdParam = z.object({ labelId: z.uuid() });
export const labelTaskParam = z.object({ taskId: z.uuid() });

/** PUT /api/Labels/tasks/{taskId}: the task's labels, all of them (an empty list clears them). */
export const setTaskLabelsBodySchema = z.strictObject({
  labelIds: z
    .array(z.uuid())
    .max(MAX_TASK_LABELS, `A task carries at most ${MAX_TASK_LABELS} labels`)
    .refine((ids) => new Set(ids).size === ids.length, 'A label is named twice'),
});
export type SetTaskLabelsBody = z.infer<typeof setTaskLabelsBodySchema>;
export const taskLabelsSchema = z.object({ taskId: z.uuid(), labels: z.array(taskLabelSchema) });
export type TaskLabels = z.infer<typeof taskLabelsSchema>;

/**
 * `labelIds` in a task list's or a board's query: tasks carrying any of these labels (comma
 * separated or the key repeated; empty means no filter).
 */
export const labelIdsFilter = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.uuid('Each label id must be a UUID')).max(MAX_COMPANY_LABELS))
  .optional();

/** The labels' texts (kept out of MESSAGES, which the sign-in route loads whole). */
export const LABEL_MESSAGES = {
  title: 'Labels',
  created: 'Label created',
  updated: 'Label saved',
  deleted: 'Label deleted',
  taskLabelsSaved: 'Labels saved',
  duplicateName: 'A label with this name already exists',
  unknownLabel: 'Label not found',
  tooMany: `A company keeps at most ${MAX_COMPANY_LABELS} labels`,
  none: 'No labels',
  noneYet: 'No labels yet. Create one to tag tasks across projects.',
  add: 'Add label',
  newLabel: 'New label',
  name: 'Name',
  color: 'Colour',
  create: 'Create',
  createNamed: (name: string) => `Create label "${name}"`,
  rename: 'Edit',
  remove: 'Delete',
  removeFromTask: (name: string) => `Remove label ${name}`,
  confirmDelete: (name: string, n: number) =>
    n > 0
      ? `Delete the label ${name}? It is removed from ${n} task${n === 1 ? '' : 's'}.`
      : `Delete the label ${name}?`,
  filter: 'Labels',
  fetchFailed: 'Could not load the labels',
  createFailed: 'Could not create the label',
  saveFailed: 'Could not save the label',
  deleteFailed: 'Could not delete the label',
  confirmDeleteTitle: 'Delete label?',
  loading: 'Loading labels',
  save: 'Save',
  cancel: 'Cancel',
  filterAny: 'Any label',
  manageHint: 'Labels are shared by every project of the company.',
  usedOn: (n: number) => `${n} task${n === 1 ? '' : 's'}`,
  colorNames: {
    grey: 'Grey',
    red: 'Red',
    orange: 'Orange',
    amber: 'Amber',
    green: 'Green',
    teal: 'Teal',
    blue: 'Blue',
    indigo: 'Indigo',
    purple: 'Purple',
    pink: 'Pink',
  } satisfies Record<LabelColor, string>,
} as const;
