import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_MESSAGES as M,
  type CustomField,
  type CustomFieldValue,
  MESSAGES,
  type Person,
} from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { useSetTaskCustomValuesMutation, useTaskCustomValuesQuery } from '../../api/custom-fields-api';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useGetProjectQuery } from '../../api/projects-api';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';

type EditorProps = {
  field: CustomField;
  value: CustomFieldValue | undefined;
  disabled: boolean;
  error: string | undefined;
  people: Person[];
  onSave: (value: CustomFieldValue | null) => void;
};

const personName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

/** Text and number: typed, saved when the field is left (or Enter); empty clears. */
function TypedEditor({ field, value, disabled, error, onSave }: EditorProps) {
  const shown = value === undefined ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const commit = () => {
    const v = draft.trim();
    if (v === shown) return;
    if (v === '') onSave(null);
    else onSave(field.type === 'number' ? Number(v) : v);
  };
  return (
    <TextField
      size="small"
      label={field.name}
      type={field.type === 'number' ? 'number' : 'text'}
      value={draft}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
      }}
      slotProps={{ htmlInput: { maxLength: CUSTOM_FIELD_LIMITS.text } }}
      fullWidth
    />
  );
}

function Editor(props: EditorProps) {
  const { field, value, disabled, error, people, onSave } = props;
  switch (field.type) {
    case 'text':
    case 'number':
      return <TypedEditor {...props} />;
    case 'date':
      return (
        <TextField
          size="small"
          type="date"
          label={field.name}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => onSave(e.target.value || null)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      );
    case 'checkbox':
      return (
        <FormControlLabel
          control={
            <Checkbox
              checked={value === true}
              disabled={disabled}
              onChange={(e) => onSave(e.target.checked)}
            />
          }
          label={field.name}
        />
      );
    case 'select':
      return (
        <TextField
          select
          size="small"
          label={field.name}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => onSave(e.target.value || null)}
          fullWidth
        >
          <MenuItem value="">
            <em>{M.noValue}</em>
          </MenuItem>
          {field.options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Autocomplete
          multiple
          size="small"
          options={field.options}
          value={field.options.filter((o) => chosen.includes(o.id))}
          disabled={disabled}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, picked) => onSave(picked.length ? picked.map((o) => o.id) : null)}
          renderValue={(picked, getItemProps) =>
            picked.map((o, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={o.label} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={field.name} error={Boolean(error)} helperText={error} />
          )}
        />
      );
    }
    case 'user': {
      const current = people.find((p) => p.userId === value) ?? null;
      return (
        <Autocomplete
          size="small"
          options={people}
          value={current}
          disabled={disabled}
          getOptionLabel={personName}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          onChange={(_e, picked) => onSave(picked?.userId ?? null)}
          renderInput={(params) => (
            <TextField {...params} label={field.name} error={Boolean(error)} helperText={error} />
          )}
        />
      );
    }
  }
}

/**
 * The drawer's custom fields (issue 26): an editor per field enabled on the task's project (text,
 * number, date, select, multi select chips, a project member, checkbox), each saved on its own;
 * a refusal shows under its field with the server's words. Read-only without `task:update`.
 */
export function TaskCustomFields({ taskId, projectId }: { taskId: string; projectId: string }) {
  const toast = useToast();
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const { currentData } = useTaskCustomValuesQuery(taskId);
  const { data: project } = useGetProjectQuery(can({ anyOf: ['project:read'] }) ? projectId : skipToken);
  const [save, saving] = useSetTaskCustomValuesMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!currentData || currentData.fields.length === 0) return null;

  const onSave = async (fieldId: string, value: CustomFieldValue | null) => {
    try {
      await save({ taskId, values: { [fieldId]: value } }).unwrap();
      setErrors({});
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors({ [fieldId]: byField[`values.${fieldId}`] ?? errorMessage(err) });
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  return (
    <>
      <Stack spacing={1.5} component="section" aria-label={M.title}>
        <Typography variant="h6" component="h3">
          {M.title}
        </Typography>
        {currentData.fields.map((f) => (
          <Editor
            key={f.fieldId}
            field={f}
            value={currentData.values[f.fieldId]}
            disabled={!canEdit || saving.isLoading}
            error={errors[f.fieldId]}
            people={project?.projectMembers ?? []}
            onSave={(v) => void onSave(f.fieldId, v)}
          />
        ))}
      </Stack>
      <Divider />
    </>
  );
}
