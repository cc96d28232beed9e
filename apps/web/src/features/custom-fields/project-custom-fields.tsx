import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CUSTOM_FIELD_MESSAGES as M, CUSTOM_FIELD_TYPE_LABELS, MESSAGES } from '@taskhive/contract';
import { useProjectCustomFieldsQuery, useSetProjectCustomFieldsMutation } from '../../api/custom-fields-api';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../hooks/use-toast';

/**
 * The custom fields enabled on a project (issue 26), in the project's edit dialog: a box per
 * company field, saved as soon as it is ticked (`project:update`, like the dialog itself).
 */
export function ProjectCustomFields({ projectId }: { projectId: string }) {
  const toast = useToast();
  const { currentData, isLoading } = useProjectCustomFieldsQuery(projectId);
  const [save, saving] = useSetProjectCustomFieldsMutation();
  if (isLoading) return <LinearProgress aria-label="Loading custom fields" />;
  if (!currentData) return null;
  const enabled = new Set(currentData.enabledFieldIds);

  const toggle = async (fieldId: string, on: boolean) => {
    const next = currentData.fields
      .map((f) => f.fieldId)
      .filter((id) => (id === fieldId ? on : enabled.has(id)));
    try {
      await save({ projectId, fieldIds: next }).unwrap();
      toast.success(M.projectSaved);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.updateFailed));
    }
  };

  return (
    <Stack spacing={0.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {M.projectTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {currentData.fields.length ? M.projectIntro : M.projectNone}
      </Typography>
      <FormGroup>
        {currentData.fields.map((f) => (
          <FormControlLabel
            key={f.fieldId}
            control={
              <Checkbox
                checked={enabled.has(f.fieldId)}
                disabled={saving.isLoading}
                onChange={(e) => void toggle(f.fieldId, e.target.checked)}
              />
            }
            label={`${f.name} (${CUSTOM_FIELD_TYPE_LABELS[f.type]})`}
          />
        ))}
      </FormGroup>
    </Stack>
  );
}
