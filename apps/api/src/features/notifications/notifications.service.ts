import {
  type NotificationKind,
  notificationDefaults,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationSettings,
  type ReadAllResult,
  type UnreadCount,
  type UpdateNotificationSettingsBody,
} from '@taskhive/contract';
import { notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { kindSettings, toNotification, toSettings } from './notifications.mapper.ts';
import { notificationsRepo, type PreferenceRow } from './notifications.repo.ts';

/**
 * The signed-in user's own inbox and switches. Every read and write is limited to the caller's
 * notifications (the repository's `mine`), so another user's or company's answers 404.
 */
export const notificationsService = {
  async list(scope: Scope, q: NotificationListQuery): Promise<NotificationPage> {
    const [page, unreadCount] = await Promise.all([
      notificationsRepo.list(scope, q),
      notificationsRepo.unreadCount(scope),
    ]);
    return { ...toPaged(q, page, toNotification), unreadCount };
  },

  async unreadCount(scope: Scope): Promise<UnreadCount> {
    return { unreadCount: await notificationsRepo.unreadCount(scope) };
  },

  async markRead(scope: Scope, id: string): Promise<UnreadCount> {
    if (!(await notificationsRepo.markRead(scope, id))) throw notFound('Notification');
    return notificationsService.unreadCount(scope);
  },

  async markAllRead(scope: Scope): Promise<ReadAllResult> {
    return { marked: await notificationsRepo.markAllRead(scope) };
  },

  async settings(scope: Scope): Promise<NotificationSettings> {
    return toSettings(await notificationsRepo.preferences(scope));
  },

  /**
   * Changes the caller's switches: `kinds` per kind (a switch not given is kept), and the older
   * clients' `emailOnAssigned`/`emailOnMentioned` (the email switch of those two kinds). Each
   * changed kind is written whole, its other switch as it was (or its default).
   */
  async updateSettings(scope: Scope, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
    const current = new Map(kindSettings(await notificationsRepo.preferences(scope)).map((k) => [k.kind, k]));
    const changed = new Map<NotificationKind, PreferenceRow>();
    const change = (
      kind: NotificationKind,
      patch: { inApp?: boolean | undefined; email?: boolean | undefined },
    ) => {
      const was = changed.get(kind) ?? current.get(kind) ?? { kind, ...notificationDefaults(kind) };
      changed.set(kind, { kind, inApp: patch.inApp ?? was.inApp, email: patch.email ?? was.email });
    };
    if (body.emailOnAssigned !== undefined) change('assigned', { email: body.emailOnAssigned });
    if (body.emailOnMentioned !== undefined) change('mentioned', { email: body.emailOnMentioned });
    for (const k of body.kinds ?? []) change(k.kind, k);
    await notificationsRepo.savePreferences(scope, [...changed.values()]);
    return notificationsService.settings(scope);
  },
};

export type NotificationsService = typeof notificationsService;
