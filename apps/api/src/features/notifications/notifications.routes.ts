import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  atLeastOneField,
  envelope,
  idParam,
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  readAllResultSchema,
  unreadCountSchema,
  updateNotificationSettingsBodySchema,
} from '@taskhive/contract';
import { scopeOf, SIGNED_IN } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** The signed-in user's own inbox: every user has one, so no permission beyond signing in. */
export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = opts;
  const config = { permission: SIGNED_IN };

  r.get(
    '/api/Notifications',
    {
      config,
      schema: {
        tags,
        summary: 'My notifications, newest first (10 a page), with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationPageSchema) },
      },
    },
    async (req, reply) => ok(reply, await notifications.list(scopeOf(req), req.query)),
  );

  r.get(
    '/api/Notifications/unread-count',
    {
      config,
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (req, reply) => ok(reply, await notifications.unreadCount(scopeOf(req))),
  );

  r.put(
    '/api/Notifications/:id/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of my notifications read; answers the unread count',
        params: idParam,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await notifications.markRead(scopeOf(req), req.params.id), NOTIFICATION_MESSAGES.markedRead),
  );

  r.put(
    '/api/Notifications/read-all',
    {
      config,
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: { 200: envelope(readAllResultSchema) },
      },
    },
    async (req, reply) =>
      ok(reply, await notifications.markAllRead(scopeOf(req)), NOTIFICATION_MESSAGES.markedAllRead),
  );

  r.get(
    '/api/Notifications/settings',
    {
      config,
      schema: {
        tags,
        summary: 'My notification switches, per kind',
        response: { 200: envelope(notificationSettingsSchema) },
      },
    },
    async (req, reply) => ok(reply, await notifications.settings(scopeOf(req))),
  );

  r.put(
    '/api/Notifications/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Switch each kind of my notifications on or off, in the app and by email',
        body: atLeastOneField(updateNotificationSettingsBodySchema),
        response: { 200: envelope(notificationSettingsSchema) },
      },
    },
    async (req, reply) =>
      ok(
        reply,
        await notifications.updateSettings(scopeOf(req), req.body),
        NOTIFICATION_MESSAGES.settingsUpdated,
      ),
  );
}
