import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  createProjectBodySchema,
  MESSAGES,
  updateProjectBodySchema,
  type Project,
  type UserProfile,
} from '@taskhive/contract';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { usePeopleOptions } from '../../api/people-api';
import { useListTaskStatusesQuery } from '../../api/task-statuses-api';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import { useCreateProjectMutation, useUpdateProjectMutation } from './projects-api';

/** Form fields are strings; an empty date or status means "none". */
const blanks = (v: unknown) =>
  typeof v === 'object' && v !== null
    ? Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          k,
          x === '' && (k === 'startDate' || k === 'endDate')
            ? null
            : x === '' && k === 'statusId'
              ? undefined
              : x,
        ]),
      )
    : v;
const createForm = z.preprocess(blanks, createProjectBodySchema);
const updateForm = z.preprocess(blanks, updateProjectBodySchema);

const fullName = (u: UserProfile) => `${u.firstName} ${u.lastName}`;

/**
 * Create or edit a project: code, name, description, status, dates (and members when creating);
 * `extra`: settings other features keep, shown when editing (issue 26: auto-scheduling).
 */
export function ProjectFormDialog({
  project,
  extra,
  onClose,
}: {
  project?: Project;
  extra?: ReactNode;
  onClose: () => void;
}) {
  const toast = useToast();
  const { can } = useSession();
  const form = useZodForm(project ? updateForm : createForm, {
    code: project?.code ?? '',
    name: project?.name ?? '',
    description: project?.description ?? '',
    statusId: project?.statusId ?? '',
    startDate: project?.startDate ?? '',
    endDate: project?.endDate ?? '',
  });
  const { data: statuses = [] } = useListTaskStatusesQuery();
  const { people, isLoading: peopleLoading } = usePeopleOptions(
    !project && can({ anyOf: ['employee:read:all'] }),
  );
  const [members, setMembers] = useState<UserProfile[]>([]);
  const [create, creating] = useCreateProjectMutation();
  const [update, updating] = useUpdateProjectMutation();

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      if (project) {
        await update({ id: project.projectId, body }).unwrap();
        toast.success(MESSAGES.projects.updated);
      } else {
        const parsed = createProjectBodySchema.parse({
          ...body,
          memberUserIds: members.map((m) => m.userId),
        });
        await create(parsed).unwrap();
        toast.success(MESSAGES.projects.created);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      toast.error(
        errorMessage(err, project ? MESSAGES.projects.updateFailed : MESSAGES.projects.createFailed),
      );
    }
  };

  return (
    <FormDialog
      open
      title={project ? 'Edit project' : 'New project'}
      submitLabel={project ? 'Save changes' : 'Create project'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField label="Code" required autoFocus={!project} {...form.field('code')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField label="Project name" required {...form.field('name')} />
        </Grid>
        <Grid size={12}>
          <TextField label="Description" multiline minRows={2} {...form.field('description')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField select label="Status" {...form.field('statusId')}>
            {statuses.map((s) => (
              <MenuItem key={s.statusId} value={s.statusId}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField
            label="Start date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.field('startDate')}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField
            label="End date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...form.field('endDate')}
          />
        </Grid>
        {!project && can({ anyOf: ['employee:read:all'] }) && (
          <Grid size={12}>
            <Autocomplete
              multiple
              options={people}
              loading={peopleLoading}
              value={members}
              onChange={(_e, v) => setMembers(v)}
              getOptionLabel={fullName}
              isOptionEqualToValue={(a, b) => a.userId === b.userId}
              renderInput={(params) => (
                <TextField {...params} label="Members" helperText="You are added as a member too." />
              )}
            />
          </Grid>
        )}
        {project && extra && <Grid size={12}>{extra}</Grid>}
      </Grid>
    </FormDialog>
  );
}
