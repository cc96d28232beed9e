/**
 * What the custom-fields feature offers the other features: they import it from here, never from
 * its files (the API's feature boundary, enforced by ESLint).
 */
export { taskValuesJson } from './custom-fields.sql.ts';
export { customFieldCopies, customFieldQuery } from './custom-fields.service.ts';
export type { CustomFieldListPart, CustomFieldsService } from './custom-fields.service.ts';
