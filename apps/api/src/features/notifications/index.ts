/**
 * What the notifications feature offers the other features: they import it from here, never from its files
 * (the API's feature boundary, enforced by ESLint).
 */
export { notify } from './notify.ts';
export { enqueueNotificationMails } from './notification-mails.ts';
export { type NewNotification } from './notifications.repo.ts';
export { DUE_SOON_REMINDERS, dueSoonReminders, remindDueSoon } from './due-soon.ts';
export { notificationInbox } from './notifications.loaders.ts';
