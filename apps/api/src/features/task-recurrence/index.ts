/**
 * What the recurring-tasks feature offers the rest of the API (issue 26): the change reaction that
 * follows a completed occurrence. Other features import it from here only.
 */
export { recurrenceOnCompletion } from './task-recurrence.service.ts';
