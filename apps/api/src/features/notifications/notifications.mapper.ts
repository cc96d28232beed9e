import {
  type Notification,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationKindSetting,
  type NotificationSettings,
  notificationDefaults,
} from '@taskhive/contract';
import { toPerson } from '../comments/index.ts';
import type { NotificationRow, PreferenceRow } from './notifications.repo.ts';

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

/** Every kind's switches: the ones the user changed, the defaults for the rest. */
export function kindSettings(rows: readonly PreferenceRow[]): NotificationKindSetting[] {
  const set = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const r = set.get(kind);
    return r ? { kind, inApp: r.inApp, email: r.email } : { kind, ...notificationDefaults(kind) };
  });
}

export function toSettings(rows: readonly PreferenceRow[]): NotificationSettings {
  const kinds = kindSettings(rows);
  const emailOf = (kind: NotificationKind) => kinds.find((k) => k.kind === kind)?.email ?? false;
  return { emailOnAssigned: emailOf('assigned'), emailOnMentioned: emailOf('mentioned'), kinds };
}
