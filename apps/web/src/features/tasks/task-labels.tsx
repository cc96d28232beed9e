import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { LABEL_COLORS, LABEL_MESSAGES, type Label, type TaskLabel } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useCreateLabelMutation, useListLabelsQuery, useSetTaskLabelsMutation } from '../../api/labels-api';
import { LabelChip } from '../../components/label-chips';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';

/** An option of the picker: a company label, or "Create label "x"" for those who may. */
type Option = TaskLabel | { create: string };
const isCreate = (o: Option): o is { create: string } => 'create' in o;
const filter = createFilterOptions<Option>({ stringify: (o) => (isCreate(o) ? o.create : o.name) });

/**
 * Issue 26: the task drawer's labels. Holders of `task:update` pick the company's labels (a chip
 * each, removable); holders of `project:update` also create one inline by typing a new name (it
 * takes the next colour of the palette; the Labels card of the company page renames and
 * recolours). Saving replaces the task's labels at once; a refusal shows the server's words.
 */
export function TaskLabelsField({ taskId, labels }: { taskId: string; labels: readonly TaskLabel[] }) {
  const { can } = useSession();
  const canEdit = can({ anyOf: ['task:update'] });
  const canCreate = can({ anyOf: ['project:update'] });
  const { data: all = [] } = useListLabelsQuery();
  const [setTaskLabels, { isLoading: saving }] = useSetTaskLabelsMutation();
  const [createLabel, { isLoading: creating }] = useCreateLabelMutation();
  const [input, setInput] = useState('');
  const toast = useToast();

  const save = async (next: Option[]) => {
    try {
      const ids: string[] = [];
      for (const o of next) {
        if (!isCreate(o)) ids.push(o.labelId);
        else {
          const color = LABEL_COLORS[all.length % LABEL_COLORS.length] ?? 'blue';
          const made: Label = await createLabel({ name: o.create, color }).unwrap();
          ids.push(made.labelId);
        }
      }
      await setTaskLabels({ taskId, labelIds: ids }).unwrap();
      setInput('');
    } catch (err) {
      toast.error(errorMessage(err, LABEL_MESSAGES.unknownLabel));
    }
  };

  if (!canEdit)
    return labels.length ? (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={LABEL_MESSAGES.title}>
        {labels.map((l) => (
          <LabelChip key={l.labelId} label={l} />
        ))}
      </Box>
    ) : null;

  return (
    <Autocomplete<Option, true, false, false>
      multiple
      size="small"
      options={all.map((l) => ({ labelId: l.labelId, name: l.name, color: l.color }))}
      value={[...labels]}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      disabled={saving || creating}
      filterSelectedOptions
      onChange={(_e, v) => void save(v)}
      filterOptions={(options, state) => {
        const shown = filter(options, state);
        const typed = state.inputValue.trim();
        const exists = all.some((l) => l.name.toLowerCase() === typed.toLowerCase());
        return canCreate && typed && !exists ? [...shown, { create: typed }] : shown;
      }}
      getOptionLabel={(o) => (isCreate(o) ? LABEL_MESSAGES.createNamed(o.create) : o.name)}
      isOptionEqualToValue={(a, b) => !isCreate(a) && !isCreate(b) && a.labelId === b.labelId}
      noOptionsText={LABEL_MESSAGES.none}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {isCreate(o) ? LABEL_MESSAGES.createNamed(o.create) : <LabelChip label={o} />}
          </li>
        );
      }}
      renderValue={(value, getItemProps) =>
        value.map((o, index) => {
          if (isCreate(o)) return null;
          const { key, onDelete } = getItemProps({ index });
          return (
            <Box component="span" key={key} sx={{ m: 0.25, maxWidth: '100%' }}>
              <LabelChip label={o} onDelete={onDelete} deleteLabel={LABEL_MESSAGES.removeFromTask(o.name)} />
            </Box>
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={LABEL_MESSAGES.title}
          placeholder={labels.length ? '' : LABEL_MESSAGES.add}
        />
      )}
    />
  );
}
