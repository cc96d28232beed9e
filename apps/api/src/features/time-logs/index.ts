/**
 * What the time-logs feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { addDays, daysBetween, localTime, todayIn, todayUtc, weekStart } from './days.ts';
export { toTimeLog } from './time-logs.mapper.ts';
export { managedUserIds, timeLogPolicy } from './time-logs.policy.ts';
export type { Owner } from './time-logs.policy.ts';
export { dayStart, nextDayStart } from './time-logs.repo.ts';
export { timeLogsReads, timeTallies } from './time-logs.loaders.ts';
export type { CompanyHours, HoursLists, TopRows } from './time-tallies.repo.ts';
