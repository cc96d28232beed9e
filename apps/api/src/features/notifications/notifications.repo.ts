import { aliasedTable, and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationListQuery } from '@taskhive/contract';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import type { PersonRow } from '../comments/index.ts';

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  taskId: string | null;
  projectId: string | null;
  title: string;
  detail: string | null;
};

export type NotificationRow = {
  id: string;
  kind: string;
  taskId: string | null;
  projectId: string | null;
  title: string;
  detail: string | null;
  readAt: Date | null;
  createdAt: Date;
  actor: PersonRow;
};

/** A notification to mail: its recipient's address and switches, and who did it. */
export type MailRow = {
  id: string;
  kind: string;
  taskId: string | null;
  projectId: string | null;
  title: string;
  detail: string | null;
  email: string;
  firstName: string;
  status: string;
  emailOnAssigned: boolean | null;
  emailOnMentioned: boolean | null;
  actorFirstName: string;
  actorLastName: string;
};

export type SettingsRow = { emailOnAssigned: boolean; emailOnMentioned: boolean };

/** The recipient's own notifications: the one condition every read and write of the inbox adds. */
const mine = (scope: Scope, ...more: SQL[]) =>
  scope.own(notifications, eq(notifications.userId, scope.actor.userId), ...more);

const actor = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePhotoPath: users.profilePhotoPath,
  userUpdatedAt: users.updatedAt,
};

/** The only place that touches `notifications` and `notification_settings`. */
export const notificationsRepo = {
  /** Written with the transaction of the change; answers the new ids in the order given. */
  async insert(scope: Scope, rows: NewNotification[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await scope.db
      .insert(notifications)
      .values(rows.map((r) => scope.values({ ...r, actorId: scope.actor.userId })))
      .returning({ id: notifications.id });
    return inserted.map((r) => r.id);
  },

  /**
   * Due-soon reminders (kind `due_soon`, the recipient as their own actor, `detail` the due
   * date): one per person, task and due date, so a second round inserts nothing
   * (`notifications_due_soon_uq`). Answers the rows it inserted.
   */
  async insertReminders(
    scope: Scope,
    rows: { userId: string; taskId: string; projectId: string; title: string; due: string }[],
  ): Promise<{ id: string; userId: string; taskId: string | null; projectId: string | null }[]> {
    if (rows.length === 0) return [];
    return scope.db
      .insert(notifications)
      .values(
        rows.map((r) =>
          scope.values({
            userId: r.userId,
            actorId: r.userId,
            kind: 'due_soon',
            taskId: r.taskId,
            projectId: r.projectId,
            title: r.title,
            detail: r.due,
          }),
        ),
      )
      .onConflictDoNothing()
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        taskId: notifications.taskId,
        projectId: notifications.projectId,
      });
  },

  /** The signed-in user's inbox, newest first; only the unread ones when asked. */
  async list(scope: Scope, q: NotificationListQuery): Promise<ListResult<NotificationRow>> {
    const { limit, offset } = pageWindow(q);
    const where = q.unread === 'true' ? mine(scope, isNull(notifications.readAt)) : mine(scope);
    const [rows, total] = await Promise.all([
      scope.db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          taskId: notifications.taskId,
          projectId: notifications.projectId,
          title: notifications.title,
          detail: notifications.detail,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
          actor,
        })
        .from(notifications)
        .innerJoin(
          users,
          and(eq(users.companyId, notifications.companyId), eq(users.id, notifications.actorId)),
        )
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset),
      totalOf(scope.db.select({ n: countAll() }).from(notifications).where(where)),
    ]);
    return { rows, total };
  },

  unreadCount(scope: Scope): Promise<number> {
    return totalOf(
      scope.db
        .select({ n: countAll() })
        .from(notifications)
        .where(mine(scope, isNull(notifications.readAt))),
    );
  },

  /** Marks one of the user's own read (keeping the first time); false when it is not theirs. */
  async markRead(scope: Scope, id: string): Promise<boolean> {
    const rows = await scope.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(mine(scope, eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  async markAllRead(scope: Scope): Promise<number> {
    const rows = await scope.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(mine(scope, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** The signed-in user's switches, or null when they never changed them (the defaults apply). */
  async settings(scope: Scope): Promise<SettingsRow | null> {
    const [row] = await scope.db
      .select({
        emailOnAssigned: notificationSettings.emailOnAssigned,
        emailOnMentioned: notificationSettings.emailOnMentioned,
      })
      .from(notificationSettings)
      .where(scope.own(notificationSettings, eq(notificationSettings.userId, scope.actor.userId)));
    return row ?? null;
  },

  async saveSettings(scope: Scope, patch: Partial<SettingsRow>): Promise<void> {
    await scope.db
      .insert(notificationSettings)
      .values(scope.values({ userId: scope.actor.userId, ...patch }))
      .onConflictDoUpdate({
        target: [notificationSettings.companyId, notificationSettings.userId],
        set: { ...patch, updatedAt: sql`now()` },
      });
  },

  /** These notifications with what their email needs (recipient, switches, actor's name). */
  mailRows(scope: Scope, ids: string[]): Promise<MailRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const recipient = aliasedTable(users, 'recipient');
    const by = aliasedTable(users, 'actor');
    return scope.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        taskId: notifications.taskId,
        projectId: notifications.projectId,
        title: notifications.title,
        detail: notifications.detail,
        email: recipient.email,
        firstName: recipient.firstName,
        status: recipient.status,
        emailOnAssigned: notificationSettings.emailOnAssigned,
        emailOnMentioned: notificationSettings.emailOnMentioned,
        actorFirstName: by.firstName,
        actorLastName: by.lastName,
      })
      .from(notifications)
      .innerJoin(
        recipient,
        and(eq(recipient.companyId, notifications.companyId), eq(recipient.id, notifications.userId)),
      )
      .innerJoin(by, and(eq(by.companyId, notifications.companyId), eq(by.id, notifications.actorId)))
      .leftJoin(
        notificationSettings,
        and(
          eq(notificationSettings.companyId, notifications.companyId),
          eq(notificationSettings.userId, notifications.userId),
        ),
      )
      .where(scope.own(notifications, inArray(notifications.id, ids)));
  },
};
