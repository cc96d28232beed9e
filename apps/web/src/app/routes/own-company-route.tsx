import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import OwnCompanyPage from '../../features/companies/own-company-page';
import { CustomFieldsCard } from '../../features/custom-fields';
import { TaskStatusesCard } from '../../features/task-statuses/task-statuses-card';
import { LabelsCard } from '../../features/labels/labels-card';
import { TimesheetSettingsCard } from '../../features/timesheet-weeks';
import { useSession } from '../../hooks/use-session';

/**
 * /app/company: the company profile (with the cards `slot` adds), then its task statuses and timesheet settings
 * (editable by whoever may update the company).
 */
export default function OwnCompanyRoute({ slot }: { slot?: (companyId: string) => ReactNode }) {
  const { can } = useSession();
  return (
    <Stack spacing={3}>
      <OwnCompanyPage slot={slot} />
      {can({ anyOf: ['task:read', 'project:read'] }) && (
        <TaskStatusesCard canEdit={can({ anyOf: ['company:update'] })} />
      )}
      {can({ anyOf: ['task:read'] }) && <LabelsCard canEdit={can({ anyOf: ['project:update'] })} />}
      {can({ anyOf: ['task:read'] }) && <CustomFieldsCard canEdit={can({ anyOf: ['company:update'] })} />}
      {can({ anyOf: ['timelog:read'] }) && (
        <TimesheetSettingsCard canEdit={can({ anyOf: ['company:update'] })} />
      )}
    </Stack>
  );
}
