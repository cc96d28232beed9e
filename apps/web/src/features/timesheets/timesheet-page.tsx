import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page-header';
import { TimesheetTab } from './timesheet-tab';

/**
 * /app/tasks until the tasks screens compose the Timesheet tab (`MyTasksPage timesheet={…}`):
 * the timesheet on its own.
 */
export default function TimesheetPage() {
  return (
    <Stack spacing={2.5}>
      <PageHeader title="Timesheet" />
      <TimesheetTab />
    </Stack>
  );
}
