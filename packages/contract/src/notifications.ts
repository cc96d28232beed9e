import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { PAGE_SIZE } from './constants.ts';
import { personSchema } from './projects.ts';

/**
 * What a notification says happened: you were assigned a task, mentioned in a comment, a task you
 * follow got a comment or a new status, someone else changed or deleted a time entry of yours, or
 * a task of yours is due tomorrow (a reminder: its actor is you).
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'commented',
  'status_changed',
  'timelog_changed',
  /** A task assigned to you is due tomorrow (the scheduler's daily round; `detail`: the due date). */
  'due_soon',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  notificationId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it. */
  actor: personSchema,
  /** The task it is about (null for a mention in a project's comment). The row goes with its task. */
  taskId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  /** The task's title (or the project's name) when it happened. */
  title: z.string(),
  /** A short detail captured when it happened: the new status, the comment's first words, ... */
  detail: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuery(PAGE_SIZE.notifications)
  .omit({ sortOrder: true, search: true })
  .extend({
    /** 'true': only the unread ones. */
    unread: z.enum(['true', 'false']).optional(),
  });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** A page of the inbox, newest first, with the unread count of the whole inbox. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllResultSchema = z.object({ marked: z.number().int() });
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

export const notificationSettingsSchema = z.object({
  /** Email me when I am assigned a task. */
  emailOnAssigned: z.boolean(),
  /** Email me when someone mentions me in a comment. */
  emailOnMentioned: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT body: any of the switches (wrap in `atLeastOneField`). */
export const updateNotificationSettingsBodySchema = z.object({
  emailOnAssigned: z.boolean().optional(),
  emailOnMentioned: z.boolean().optional(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

/**
 * The notification texts (MESSAGES' companion). Kept out of MESSAGES, which the sign-in route
 * loads whole and has no room to grow (its bundle budget), so they reach only the signed-in app.
 */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  fetchFailed: 'Failed to load notifications',
  empty: 'No notifications yet',
  markAllRead: 'Mark all read',
  markedAllRead: 'All notifications marked read',
  markedRead: 'Notification marked read',
  markReadFailed: 'Failed to mark the notification read',
  settingsTitle: 'Email notifications',
  settingsUpdated: 'Notification Settings Saved Successfully',
  settingsFailed: 'Failed to save the notification settings',
  emailOnAssigned: 'Email me when I am assigned a task',
  emailOnMentioned: 'Email me when someone mentions me',
} as const;
