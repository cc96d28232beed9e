/**
 * What the timesheets feature (issue 25) offers the other features: the locks the time-log
 * writes enforce, the rule of who approves whom (the live fan-out), the reminders job.
 */
export { timesheetLocks } from './timesheets.locks.ts';
export { timesheetsPolicy } from './timesheets.policy.ts';
export { fromChanges as timesheetNotifications } from './timesheets.notify.ts';
export {
  timesheetReports,
  timesheetsService,
  type TimesheetReports,
  type TimesheetsService,
} from './timesheets.service.ts';
export { remindTimesheets, TIMESHEET_REMINDERS, timesheetReminders } from './reminders.ts';
