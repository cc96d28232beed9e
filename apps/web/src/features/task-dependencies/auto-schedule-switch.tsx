import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEPENDENCY_MESSAGES } from '@taskhive/contract';
import { useId } from 'react';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../hooks/use-toast';
import { useProjectScheduleQuery, useSetProjectScheduleMutation } from './dependencies-api';

/**
 * A project's auto-schedule switch (issue 26), in the project's edit dialog: saved when flipped
 * (shown at once, undone on refusal). On, the project's tasks follow their blockers' due dates by
 * working days.
 */
export function AutoScheduleSwitch({ projectId }: { projectId: string }) {
  const hintId = useId();
  const toast = useToast();
  const { data, isLoading } = useProjectScheduleQuery(projectId);
  const [save, saving] = useSetProjectScheduleMutation();
  const on = data?.autoSchedule ?? false;

  const flip = async (autoSchedule: boolean) => {
    try {
      await save({ projectId, autoSchedule }).unwrap();
      toast.success(DEPENDENCY_MESSAGES.autoScheduleSaved);
    } catch (err) {
      toast.error(errorMessage(err, DEPENDENCY_MESSAGES.autoScheduleFailed));
    }
  };

  return (
    <Stack spacing={0.25} data-testid="auto-schedule">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={isLoading || saving.isLoading}
            onChange={(e) => void flip(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={DEPENDENCY_MESSAGES.autoSchedule}
      />
      <Typography id={hintId} variant="caption" color="text.secondary">
        {DEPENDENCY_MESSAGES.autoScheduleHint} Saved as soon as it is switched.
      </Typography>
    </Stack>
  );
}
