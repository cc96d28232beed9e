import type {
  NotificationListQuery,
  NotificationPage,
  NotificationSettings,
  ReadAllResult,
  UnreadCount,
  UpdateNotificationSettingsBody,
} from '@taskhive/contract';
import { notFound } from '../../lib/errors.ts';
import { toPaged } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import { toNotification, toSettings } from './notifications.mapper.ts';
import { notificationsRepo } from './notifications.repo.ts';

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
    return toSettings(await notificationsRepo.settings(scope));
  },

  async updateSettings(scope: Scope, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
    await notificationsRepo.saveSettings(scope, {
      ...(body.emailOnAssigned !== undefined ? { emailOnAssigned: body.emailOnAssigned } : {}),
      ...(body.emailOnMentioned !== undefined ? { emailOnMentioned: body.emailOnMentioned } : {}),
    });
    return notificationsService.settings(scope);
  },
};

export type NotificationsService = typeof notificationsService;
