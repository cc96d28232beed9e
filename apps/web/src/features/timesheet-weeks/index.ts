/** What the rest of the app composes from the timesheet weeks feature (app/router.tsx, app/routes). */
export { TimesheetSettingsCard } from './timesheet-settings-card';
export { ExpectedHoursCard } from './expected-hours-card';
