import type { Notification, NotificationKind, NotificationSettings } from '@taskhive/contract';
import { toPerson } from '../comments/index.ts';
import type { NotificationRow, SettingsRow } from './notifications.repo.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    notificationId: row.id,
    kind: row.kind as NotificationKind,
    actor: toPerson(row.actor),
    taskId: row.taskId,
    projectId: row.projectId,
    title: row.title,
    detail: row.detail,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every email is on until the user switches it off. */
export const DEFAULT_SETTINGS: NotificationSettings = { emailOnAssigned: true, emailOnMentioned: true };

export const toSettings = (row: SettingsRow | null): NotificationSettings => row ?? DEFAULT_SETTINGS;
