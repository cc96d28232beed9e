import Stack from '@mui/material/Stack';
import { MainCard } from '../../components/main-card';
import { StartTimerButton } from './running-timer';
import { TimesheetList } from './timesheet-list';
import { WeekView } from './week-view';

/** The Timesheet tab of /app/tasks: the week per person, then every entry the user may see. */
export function TimesheetTab() {
  return (
    <Stack spacing={2.5}>
      <MainCard title="This week">
        <WeekView />
      </MainCard>
      <MainCard title="Time entries">
        <TimesheetList />
      </MainCard>
    </Stack>
  );
}

/** The time logged on one task (task detail): start or stop a timer, log time, its entries. */
export function TaskTimeLogs({ taskId }: { taskId: string }) {
  return <TimesheetList taskId={taskId} toolbarStart={<StartTimerButton taskId={taskId} />} />;
}
