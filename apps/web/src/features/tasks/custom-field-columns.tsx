import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  CUSTOM_FIELD_MESSAGES as M,
  type CustomField,
  type CustomFieldValue,
  MESSAGES,
  type Person,
  type Task,
} from '@taskhive/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProjectCustomFieldsQuery } from '../../api/custom-fields-api';
import { errorMessage } from '../../api/errors';
import { useAuthedDownload } from '../../hooks/use-authed-download';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';

const NONE: CustomField[] = [];
/** The bar's pickers side by side, wrapping on a phone. */
const FIELD_SX = { minWidth: 160, flex: '1 1 180px', maxWidth: 280 };

/** The custom fields enabled on a project (issue 26), in the company's order. */
export function useEnabledCustomFields(projectId: string): CustomField[] {
  const { data } = useProjectCustomFieldsQuery(projectId);
  // The same array while the project's fields do not change (the board's filter bar is memoised).
  return useMemo(() => {
    if (!data) return NONE;
    const on = new Set(data.enabledFieldIds);
    return data.fields.filter((f) => on.has(f.fieldId));
  }, [data]);
}

/**
 * The project lists' custom-field filter and sort, in the address like every list's state:
 * `?cf=<fieldId>:<value>` and `?cfSort=<fieldId>` (the API's own parameters, so a link reproduces
 * the view). A value that no enabled field explains is left out of the request.
 */
export function useCustomFieldListState(fields: CustomField[]) {
  const [params, setParams] = useSearchParams();
  const cf = params.get('cf') ?? '';
  const cfSort = params.get('cfSort') ?? '';
  const known = (id: string) => fields.some((f) => f.fieldId === id);
  const set = (key: 'cf' | 'cfSort', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      // A new filter or order starts every list at its first page.
      for (const k of [...next.keys()]) if (k.startsWith('page.')) next.delete(k);
      return next;
    });
  return {
    cf: cf && known(cf.slice(0, 36)) ? cf : undefined,
    cfSort: cfSort && known(cfSort) ? cfSort : undefined,
    rawCf: cf,
    rawSort: cfSort,
    setCf: (v: string) => set('cf', v),
    setSort: (v: string) => set('cfSort', v),
  };
}

/** A value as a cell shows it: option labels, a member's name, Yes/No, a date. */
export function shownValue(
  field: CustomField,
  value: CustomFieldValue | undefined,
  people: Person[] = [],
): string {
  if (value === undefined) return '';
  const label = (id: string) => field.options.find((o) => o.id === id)?.label ?? '';
  switch (field.type) {
    case 'select':
      return label(String(value));
    case 'multiselect':
      return Array.isArray(value) ? value.map(label).join(', ') : '';
    case 'checkbox':
      return value ? M.yes : M.no;
    case 'date':
      return formatDate(String(value));
    case 'user': {
      const p = people.find((x) => x.userId === value);
      return p ? `${p.firstName} ${p.lastName}`.trim() : '';
    }
    default:
      return String(value);
  }
}

/** A row's custom field columns: "Risk High", each field's name above its value (empty: a dash). */
export function CustomFieldCells({
  task,
  fields,
  people,
}: {
  task: Task;
  fields: CustomField[];
  people: Person[];
}) {
  if (fields.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
      {fields.map((f) => {
        const shown = shownValue(f, task.customFields?.[f.fieldId], people);
        return (
          <Box key={f.fieldId} sx={{ minWidth: 72, maxWidth: 200 }} data-testid="custom-field-cell">
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {f.name}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {shown || '—'}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The value part of the filter: a picker for options, Yes/No and members, a typed box otherwise. */
function FilterValue({
  field,
  value,
  people,
  onChange,
  sx,
}: {
  field: CustomField;
  value: string;
  people: readonly Person[];
  onChange: (v: string) => void;
  sx: SxProps<Theme>;
}) {
  const [draft, setDraft] = useState(value);
  const settled = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(value), [value, field.fieldId]);
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled draft is sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const choices =
    field.type === 'select' || field.type === 'multiselect'
      ? field.options.map((o) => ({ value: o.id, label: o.label }))
      : field.type === 'checkbox'
        ? [
            { value: 'true', label: M.yes },
            { value: 'false', label: M.no },
          ]
        : field.type === 'user'
          ? people.map((p) => ({ value: p.userId, label: `${p.firstName} ${p.lastName}`.trim() }))
          : null;
  if (choices)
    return (
      <TextField
        select
        size="small"
        label={M.filterValue}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        fullWidth={false}
        sx={sx}
      >
        <MenuItem value="">
          <em>{M.noValue}</em>
        </MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <TextField
      size="small"
      label={M.filterValue}
      type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      fullWidth={false}
      sx={sx}
    />
  );
}

/** A picker of one of the fields (or none): the filter's field and the sort. */
function FieldPicker({
  label,
  fields,
  value,
  onChange,
  sx,
}: {
  label: string;
  fields: readonly CustomField[];
  value: string;
  onChange: (fieldId: string) => void;
  sx: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={sx}
    >
      <MenuItem value="">
        <em>{M.anyField}</em>
      </MenuItem>
      {fields.map((f) => (
        <MenuItem key={f.fieldId} value={f.fieldId}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Filter by one custom field's value (issue 26): the field, then its value (a picker for options,
 * Yes/No and members, a typed box otherwise). `value` and `onChange` speak the API's
 * `<fieldId>:<value>` (empty: no filter), so the project lists and the board share it.
 */
export function CustomFieldFilter({
  fields,
  people,
  value,
  onChange,
  sx = FIELD_SX,
}: {
  fields: readonly CustomField[];
  people: readonly Person[];
  value: string;
  onChange: (cf: string) => void;
  sx?: SxProps<Theme>;
}) {
  const [fieldId, setFieldId] = useState(value.slice(0, 36));
  useEffect(() => {
    // Back, "Clear filters" or a link changed it: the picker shows the field filtered by.
    if (value) setFieldId(value.slice(0, 36));
  }, [value]);
  if (fields.length === 0) return null;
  const field = fields.find((f) => f.fieldId === fieldId);
  const current = value && value.slice(0, 36) === fieldId ? value.slice(37) : '';
  return (
    <>
      <FieldPicker
        label={M.filterLabel}
        fields={fields}
        value={field ? fieldId : ''}
        onChange={(id) => {
          setFieldId(id);
          onChange('');
        }}
        sx={sx}
      />
      {field && (
        <FilterValue
          field={field}
          value={current}
          people={people}
          onChange={(v) => onChange(v ? `${field.fieldId}:${v}` : '')}
          sx={sx}
        />
      )}
    </>
  );
}

/**
 * Above a project's lists (issue 26): filter by one custom field's value, sort by a field, and
 * export the lists' tasks as CSV with a column per enabled field (and their labels; the lists' label
 * filter applies). Shown when the project has any.
 */
export function CustomFieldListBar({
  projectId,
  fields,
  people,
}: {
  projectId: string;
  fields: CustomField[];
  people: Person[];
}) {
  const toast = useToast();
  const download = useAuthedDownload();
  const state = useCustomFieldListState(fields);
  // Issue 26: the lists' label filter (`?labels=`), so the export has the rows the lists show.
  const labels = useSearchParams()[0].get('labels') ?? '';
  if (fields.length === 0) return null;

  const exportCsv = async () => {
    const params = new URLSearchParams();
    if (state.cf) params.set('cf', state.cf);
    if (labels) params.set('labelIds', labels);
    if (state.cfSort) params.set('cfSort', state.cfSort);
    try {
      await download(`/api/CustomFields/projects/${projectId}/tasks.csv?${params.toString()}`, 'tasks.csv');
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  return (
    <Stack
      direction="row"
      role="group"
      aria-label={M.title}
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <CustomFieldFilter fields={fields} people={people} value={state.cf ?? ''} onChange={state.setCf} />
      <FieldPicker
        label={M.sortLabel}
        fields={fields}
        value={state.cfSort ?? ''}
        onChange={state.setSort}
        sx={FIELD_SX}
      />
      <Button startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()}>
        CSV
      </Button>
    </Stack>
  );
}
