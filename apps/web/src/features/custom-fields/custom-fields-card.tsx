import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CUSTOM_FIELD_MESSAGES as M,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  MESSAGES,
} from '@taskhive/contract';
import { useState } from 'react';
import {
  useCreateCustomFieldMutation,
  useDeleteCustomFieldMutation,
  useListCustomFieldsQuery,
  useReorderCustomFieldsMutation,
  useUpdateCustomFieldMutation,
} from '../../api/custom-fields-api';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';

const isSelect = (t: CustomFieldType) => t === 'select' || t === 'multiselect';

type Draft = { name: string; type: CustomFieldType; options: string; showOnCard: boolean };

/** The add/edit dialog: name, type (fixed once made), a select's options one per line, show on cards. */
function FieldDialog({ field, onClose }: { field: CustomField | null | 'new'; onClose: () => void }) {
  const toast = useToast();
  const [create, creating] = useCreateCustomFieldMutation();
  const [update, updating] = useUpdateCustomFieldMutation();
  const editing = field && field !== 'new' ? field : null;
  const [draft, setDraft] = useState<Draft>(() => ({
    name: editing?.name ?? '',
    type: editing?.type ?? 'text',
    options: editing?.options.map((o) => o.label).join('\n') ?? '',
    showOnCard: editing?.showOnCard ?? false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels = draft.options
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

  const submit = async () => {
    try {
      if (editing) {
        // An option keeps its id while its line keeps its label (renaming one makes it new).
        const options = isSelect(editing.type)
          ? labels.map((label) => {
              const same = editing.options.find((o) => o.label.toLowerCase() === label.toLowerCase());
              return same ? { id: same.id, label } : { label };
            })
          : undefined;
        await update({
          fieldId: editing.fieldId,
          body: { name: draft.name.trim(), showOnCard: draft.showOnCard, ...(options ? { options } : {}) },
        }).unwrap();
        toast.success(M.updated);
      } else {
        await create({
          name: draft.name.trim(),
          type: draft.type,
          showOnCard: draft.showOnCard,
          ...(isSelect(draft.type) ? { options: labels.map((label) => ({ label })) } : {}),
        }).unwrap();
        toast.success(M.created);
      }
      onClose();
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  return (
    <FormDialog
      open={Boolean(field)}
      title={editing ? `${M.edit} ${editing.name}` : M.add}
      submitLabel={M.save}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={M.name}
          value={draft.name}
          required
          autoFocus
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          select
          label={M.type}
          value={draft.type}
          disabled={Boolean(editing)}
          onChange={(e) => setDraft({ ...draft, type: e.target.value as CustomFieldType })}
          error={Boolean(errors.type)}
          helperText={errors.type}
        >
          {CUSTOM_FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {CUSTOM_FIELD_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {isSelect(draft.type) && (
          <TextField
            label={M.options}
            value={draft.options}
            multiline
            minRows={3}
            onChange={(e) => setDraft({ ...draft, options: e.target.value })}
            error={Boolean(errors.options)}
            helperText={errors.options ?? M.optionsHelp}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={draft.showOnCard}
              onChange={(e) => setDraft({ ...draft, showOnCard: e.target.checked })}
            />
          }
          label={M.showOnCard}
        />
      </Stack>
    </FormDialog>
  );
}

/**
 * The company's custom fields (issue 26), on the company page: the list in order with type and
 * options; a company administrator (`company:update`) adds, edits, reorders and deletes them.
 */
export function CustomFieldsCard({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const { currentData: fields, error, isLoading, refetch } = useListCustomFieldsQuery();
  const [reorder] = useReorderCustomFieldsMutation();
  const [remove, removal] = useDeleteCustomFieldMutation();
  const [editing, setEditing] = useState<CustomField | null | 'new'>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const list = fields ?? [];

  const move = async (from: number, to: number) => {
    const ids = list.map((f) => f.fieldId);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    try {
      await reorder(ids).unwrap();
      toast.success(M.reordered);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.fieldId).unwrap();
      toast.success(M.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.deleteFailed));
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading custom fields" />;
  else if (error && !fields)
    body = <ErrorPanel message={errorMessage(error)} onRetry={() => void refetch()} />;
  else if (list.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {M.none}
      </Typography>
    );
  else
    body = (
      <List dense disablePadding aria-label={M.title}>
        {list.map((f, i) => (
          <ListItem
            key={f.fieldId}
            disableGutters
            divider
            sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{f.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {CUSTOM_FIELD_TYPE_LABELS[f.type]}
                {f.showOnCard ? ` · ${M.showOnCard.toLowerCase()}` : ''}
                {` · ${f.projectCount} project${f.projectCount === 1 ? '' : 's'}`}
              </Typography>
              {f.options.length > 0 && (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {f.options.map((o) => (
                    <Chip key={o.id} size="small" label={o.label} />
                  ))}
                </Stack>
              )}
            </Box>
            {canEdit && (
              <Stack direction="row">
                <IconButton
                  aria-label={`${M.moveUp}: ${f.name}`}
                  disabled={i === 0}
                  onClick={() => void move(i, i - 1)}
                >
                  <ArrowUpwardRounded />
                </IconButton>
                <IconButton
                  aria-label={`${M.moveDown}: ${f.name}`}
                  disabled={i === list.length - 1}
                  onClick={() => void move(i, i + 1)}
                >
                  <ArrowDownwardRounded />
                </IconButton>
                <IconButton aria-label={`${M.edit} ${f.name}`} onClick={() => setEditing(f)}>
                  <EditOutlined />
                </IconButton>
                <IconButton aria-label={`${M.delete} ${f.name}`} onClick={() => setDeleting(f)}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
    );

  return (
    <MainCard
      title={M.title}
      subheader={M.intro}
      action={
        canEdit ? (
          <Button variant="outlined" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
            {M.add}
          </Button>
        ) : undefined
      }
    >
      {body}
      {editing && (
        <FieldDialog
          key={editing === 'new' ? 'new' : editing.fieldId}
          field={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`${M.delete} ${deleting?.name ?? ''}?`}
        busy={removal.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting ? M.deleteConfirm(deleting.name) : ''}
      </ConfirmDialog>
    </MainCard>
  );
}
