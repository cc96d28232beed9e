import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LABEL_COLORS, LABEL_MESSAGES, type Label, type LabelColor } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import {
  useCreateLabelMutation,
  useDeleteLabelMutation,
  useListLabelsQuery,
  useUpdateLabelMutation,
} from '../../api/labels-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { LabelChip } from '../../components/label-chips';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';

/** A colour picker over the contract's palette: each name with a swatch of its chip. */
function ColorSelect({
  value,
  onChange,
  label,
}: {
  value: LabelColor;
  onChange: (c: LabelColor) => void;
  label: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(LABEL_COLORS.find((c) => c === e.target.value) ?? 'blue')}
      sx={{ minWidth: 130 }}
    >
      {LABEL_COLORS.map((c) => (
        <MenuItem key={c} value={c}>
          <LabelChip label={{ name: LABEL_MESSAGES.colorNames[c], color: c }} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Name and colour of a label being made or edited, with the server's field errors. */
function LabelForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: { name: string; color: LabelColor };
  submitLabel: string;
  busy: boolean;
  onSubmit: (v: { name: string; color: LabelColor }) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<LabelColor>(initial.color);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      component="form"
      noValidate
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit({ name: name.trim(), color }).then((errs) => {
          setErrors(errs ?? {});
          if (!errs && !onCancel) setName('');
        });
      }}
    >
      <TextField
        size="small"
        label={onCancel ? LABEL_MESSAGES.name : LABEL_MESSAGES.newLabel}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        sx={{ flex: '1 1 160px', minWidth: 0 }}
      />
      <ColorSelect value={color} onChange={setColor} label={LABEL_MESSAGES.color} />
      <Button
        type="submit"
        variant="outlined"
        startIcon={onCancel ? undefined : <AddRounded />}
        disabled={busy}
        sx={{ height: 40 }}
      >
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} sx={{ height: 40 }}>
          {LABEL_MESSAGES.cancel}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Issue 26: the company's labels on the company page: every reader of tasks sees them (name,
 * colour, how many tasks carry each); holders of `project:update` create, rename, recolour and
 * delete them (a delete takes the label off its tasks, said in the confirmation).
 */
export function LabelsCard({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const { currentData: labels, error, isLoading, refetch } = useListLabelsQuery();
  const [create, creating] = useCreateLabelMutation();
  const [update, updating] = useUpdateLabelMutation();
  const [remove, removal] = useDeleteLabelMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  const attempt = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast.success(done);
      return null;
    } catch (err) {
      toast.error(errorMessage(err, failed));
      return fieldErrors(err);
    }
  };

  let body;
  if (isLoading) body = <LinearProgress aria-label={LABEL_MESSAGES.loading} />;
  else if (error && !labels)
    body = (
      <ErrorPanel message={errorMessage(error, LABEL_MESSAGES.fetchFailed)} onRetry={() => void refetch()} />
    );
  else if (!labels?.length)
    body = (
      <Typography variant="body2" color="text.secondary">
        {LABEL_MESSAGES.noneYet}
      </Typography>
    );
  else
    body = (
      <List dense disablePadding aria-label={LABEL_MESSAGES.title}>
        {labels.map((l) => (
          <ListItem key={l.labelId} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            {editing === l.labelId ? (
              <Box sx={{ width: '100%', py: 0.5 }}>
                <LabelForm
                  initial={{ name: l.name, color: l.color }}
                  submitLabel={LABEL_MESSAGES.save}
                  busy={updating.isLoading}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (v) => {
                    const errs = await attempt(
                      () => update({ labelId: l.labelId, name: v.name, color: v.color }).unwrap(),
                      LABEL_MESSAGES.updated,
                      LABEL_MESSAGES.saveFailed,
                    );
                    if (!errs) setEditing(null);
                    return errs;
                  }}
                />
              </Box>
            ) : (
              <>
                <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                  <LabelChip label={l} size="medium" />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {LABEL_MESSAGES.usedOn(l.taskCount)}
                </Typography>
                {canEdit && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`${LABEL_MESSAGES.rename} ${l.name}`}
                      onClick={() => setEditing(l.labelId)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`${LABEL_MESSAGES.remove} ${l.name}`}
                      onClick={() => setDeleting(l)}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </>
                )}
              </>
            )}
          </ListItem>
        ))}
      </List>
    );

  return (
    <MainCard title={LABEL_MESSAGES.title} subheader={LABEL_MESSAGES.manageHint} data-testid="labels-card">
      {body}
      {canEdit && (
        <Box sx={{ mt: 2 }}>
          <LabelForm
            // A new form (the next palette colour) each time the company's labels change in number.
            key={labels?.length ?? 0}
            initial={{ name: '', color: LABEL_COLORS[(labels?.length ?? 0) % LABEL_COLORS.length] ?? 'blue' }}
            submitLabel={LABEL_MESSAGES.create}
            busy={creating.isLoading}
            onSubmit={(v) =>
              attempt(() => create(v).unwrap(), LABEL_MESSAGES.created, LABEL_MESSAGES.createFailed)
            }
          />
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={LABEL_MESSAGES.confirmDeleteTitle}
        busy={removal.isLoading}
        onConfirm={() =>
          void (async () => {
            if (!deleting) return;
            const errs = await attempt(
              () => remove(deleting.labelId).unwrap(),
              LABEL_MESSAGES.deleted,
              LABEL_MESSAGES.deleteFailed,
            );
            if (!errs) setDeleting(null);
          })()
        }
        onClose={() => setDeleting(null)}
      >
        {deleting ? LABEL_MESSAGES.confirmDelete(deleting.name, deleting.taskCount) : ''}
      </ConfirmDialog>
    </MainCard>
  );
}
