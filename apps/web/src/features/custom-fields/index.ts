/**
 * Custom fields (issue 26): the company page's administration card, the project's enabled fields
 * (its edit dialog) and the task drawer's editors, composed in by app/routes (features do not
 * import each other). The list columns, filters and card chips are the tasks feature's, reading
 * the shared `api/custom-fields-api.ts`.
 */
export { CustomFieldsCard } from './custom-fields-card';
export { ProjectCustomFields } from './project-custom-fields';
export { TaskCustomFields } from './task-custom-fields';
