/** What the rest of the app composes from the timesheets feature (app/router.tsx, layout/header.tsx). */
export { TimesheetTab, TaskTimeLogs } from './timesheet-tab';
export { RunningTimerChip, StartTimerButton } from './running-timer';
