import { z } from 'zod';
import { atLeastOneField } from './envelope.ts';
import { text } from './text.ts';

/**
 * Custom fields (issue 26, planning): fields a company administrator defines (`company:update`),
 * enabled per project (`project:update`), valued per task (`task:update`). Routes under
 * `/api/CustomFields`. A value in the API: text a string, number a number, date `YYYY-MM-DD`,
 * select an option's id, multi select option ids, user a user's id, checkbox a boolean; null clears.
 */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'select',
  'multiselect',
  'user',
  'checkbox',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** What the type picker calls each type. */
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Single select',
  multiselect: 'Multi select',
  user: 'User',
  checkbox: 'Checkbox',
};

/** Limits: fields per company, options per select, a text value's length. */
export const CUSTOM_FIELD_LIMITS = { fields: 100, options: 100, text: 2000, name: 60, label: 60 } as const;

export const customFieldOptionSchema = z.object({ id: z.uuid(), label: z.string() });
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldSchema = z.object({
  fieldId: z.uuid(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  /** A select's options in their order; [] for other types. */
  options: z.array(customFieldOptionSchema),
  /** Shown on the board's cards of the projects it is enabled on. */
  showOnCard: z.boolean(),
  position: z.number().int(),
  /** How many projects it is enabled on. */
  projectCount: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** A value as the API carries it (see the module's comment); null: none. */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;
/** A task's values by field id (only set fields enabled on its project). */
export const customFieldValuesSchema = z.record(z.string(), customFieldValueSchema);
export type CustomFieldValues = z.infer<typeof customFieldValuesSchema>;

// A name is shown in history lines as "Severity: High", so it has no colon.
const fieldName = text()
  .trim()
  .min(1, 'Field name is required')
  .max(CUSTOM_FIELD_LIMITS.name)
  .refine((s) => !s.includes(':'), 'Field name cannot contain ":"');
const optionLabel = text().trim().min(1, 'Option label is required').max(CUSTOM_FIELD_LIMITS.label);
const distinctLabels = (options: readonly { label: string }[] | undefined) =>
  !options || new Set(options.map((o) => o.label.toLowerCase())).size === options.length;

/** POST /api/CustomFields. */
export const createCustomFieldBodySchema = z
  .strictObject({
    name: fieldName,
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z
      .array(z.strictObject({ label: optionLabel }))
      .max(CUSTOM_FIELD_LIMITS.options)
      .optional(),
    showOnCard: z.boolean().optional(),
  })
  .refine(
    (b) =>
      b.type === 'select' || b.type === 'multiselect' ? (b.options?.length ?? 0) > 0 : !b.options?.length,
    {
      path: ['options'],
      message: 'A select needs at least one option; other types have none',
    },
  )
  .refine((b) => distinctLabels(b.options), { path: ['options'], message: 'Option labels must differ' });
export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBodySchema>;

/**
 * PUT /api/CustomFields/{fieldId}: rename, show on cards, and a select's options as they should
 * be, in order: an option with `id` keeps it (renamed to `label`), one without is new, one left out
 * is removed (and from the tasks that had it). The type does not change.
 */
/** At least one of them (`{}` updates nothing: 400, as every PUT of the API). */
export const updateCustomFieldBodySchema = atLeastOneField(
  z.strictObject({
    name: fieldName.optional(),
    showOnCard: z.boolean().optional(),
    options: z
      .array(z.strictObject({ id: z.uuid().optional(), label: optionLabel }))
      .min(1, 'A select needs at least one option')
      .max(CUSTOM_FIELD_LIMITS.options)
      .optional(),
  }),
).refine((b) => distinctLabels(b.options), { path: ['options'], message: 'Option labels must differ' });
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBodySchema>;

/** PUT /api/CustomFields/order: these fields first, in this order (the others follow in theirs). */
export const customFieldOrderBodySchema = z.strictObject({
  fieldIds: z.array(z.uuid()).max(CUSTOM_FIELD_LIMITS.fields),
});

export const customFieldParams = z.object({ fieldId: z.uuid() });
export const customFieldProjectParams = z.object({ projectId: z.uuid() });
export const customFieldTaskParams = z.object({ taskId: z.uuid() });

/** GET /api/CustomFields/projects/{projectId}: the company's fields and which are enabled there. */
export const projectCustomFieldsSchema = z.object({
  projectId: z.uuid(),
  fields: z.array(customFieldSchema),
  enabledFieldIds: z.array(z.uuid()),
});
export type ProjectCustomFields = z.infer<typeof projectCustomFieldsSchema>;
/** PUT /api/CustomFields/projects/{projectId}: the fields enabled on the project (the others are not). */
export const projectCustomFieldsBodySchema = z.strictObject({
  fieldIds: z.array(z.uuid()).max(CUSTOM_FIELD_LIMITS.fields),
});

/** GET/PUT /api/CustomFields/tasks/{taskId}/values: the fields enabled on its project and its values. */
export const taskCustomValuesSchema = z.object({
  taskId: z.uuid(),
  fields: z.array(customFieldSchema),
  values: customFieldValuesSchema,
});
export type TaskCustomValues = z.infer<typeof taskCustomValuesSchema>;
/**
 * PUT body: `{ values: { [fieldId]: value | null } }`, checked per type by the API. Strings are
 * `text()` (no NUL, no lone surrogate: refused here, never by the database).
 */
export const taskCustomValuesBodySchema = z.strictObject({
  values: z.record(z.uuid(), z.union([text(), z.number(), z.boolean(), z.array(text()), z.null()])),
});
export type TaskCustomValuesBody = z.infer<typeof taskCustomValuesBodySchema>;

/**
 * The task list's custom-field filter and sort (GET /Tasks/projects/{id}/tasks and the other task
 * lists): `cf=<fieldId>:<value>` keeps the tasks whose field holds the value (text: contains, any
 * case; number, date, checkbox, user, select: equals; multi select: has the option; `<fieldId>:`
 * with no value: tasks without a value), `cfSort=<fieldId>` orders by the field (with `sortOrder`
 * asc/desc, tasks without a value last). Empty: not given.
 */
const emptyIsNone = (v: unknown) => (v === '' || v === 'null' || v === null ? undefined : v);
export const customFieldFilterParam = z.preprocess(
  emptyIsNone,
  text()
    .max(CUSTOM_FIELD_LIMITS.text + 40)
    .regex(/^[0-9a-fA-F-]{36}:/, 'Use cf=<fieldId>:<value>')
    .refine((s) => z.uuid().safeParse(s.slice(0, 36)).success, 'Use cf=<fieldId>:<value>')
    .optional(),
);
export const customFieldSortParam = z.preprocess(emptyIsNone, z.uuid().optional());
/** Splits a `cf` filter into its field and value. */
export const parseCustomFieldFilter = (cf: string) => ({
  fieldId: cf.slice(0, 36).toLowerCase(),
  value: cf.slice(37),
});

/** "Estimate points must be a number": how a value of the wrong kind is refused. */
export const customFieldValueMessage = (name: string, type: CustomFieldType): string => {
  switch (type) {
    case 'text':
      return `${name} must be text of at most ${CUSTOM_FIELD_LIMITS.text} characters`;
    case 'number':
      return `${name} must be a number`;
    case 'date':
      return `${name} must be a date like 2026-01-31`;
    case 'select':
      return `${name} must be one of its options`;
    case 'multiselect':
      return `${name} must be a list of its options`;
    case 'user':
      return `${name} must be a member of the company`;
    case 'checkbox':
      return `${name} must be true or false`;
  }
};

/** The custom fields' texts (kept out of MESSAGES, which the sign-in route loads whole). */
export const CUSTOM_FIELD_MESSAGES = {
  title: 'Custom fields',
  intro: 'Fields your projects can add to their tasks. Enable them per project.',
  none: 'No custom fields yet',
  add: 'Add field',
  name: 'Name',
  type: 'Type',
  options: 'Options',
  optionsHelp: 'One option per line',
  showOnCard: 'Show on cards',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  moveUp: 'Move up',
  moveDown: 'Move down',
  deleteConfirm: (name: string) => `Delete the field ${name} and its values on every task?`,
  created: 'Field added',
  updated: 'Field saved',
  deleted: 'Field deleted',
  reordered: 'Order saved',
  projectTitle: 'Custom fields',
  projectIntro: 'Choose the fields this project’s tasks have.',
  projectNone: 'The company has no custom fields yet',
  projectSaved: 'Fields saved',
  valuesSaved: 'Saved',
  notEnabled: (name: string) => `${name} is not enabled on this project`,
  unknownField: 'Unknown field',
  nameTaken: 'A field with this name already exists',
  orderMismatch: 'Give fields of the company, each once',
  typeFixed: 'Options apply only to select fields',
  yes: 'Yes',
  no: 'No',
  noValue: 'None',
  filterLabel: 'Custom field',
  filterValue: 'Value',
  sortLabel: 'Sort by field',
  anyField: 'No field',
  columns: 'Columns',
} as const;
