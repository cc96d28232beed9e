import { aliasedTable, and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationListQuery } from '@taskhive/contract';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';
import { countAll, type ListResult, pageWindow, totalOf } from '../../lib/list.ts';
import type { Scope } from '../../lib/scope.ts';
import type { PersonRow } from '../comments/index.ts';

export type NewNotification = {
  userId: string;
  /** Who did it; the scope's actor when absent (a reminder names its recipient). */
  actorId?: string;
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

/** A notification to mail: its recipient's address and email switch for its kind, and who did it. */
export type MailRow = {
  id: string;
  kind: string;
  taskId: string | null;
  projectId: string | null;
  title: string;
  detail: string | null;
  address: string;
  firstName: string;
  status: string;
  /** The recipient's email switch for the kind; null: never changed (the kind's default). */
  email: boolean | null;
  actorFirstName: string;
  actorLastName: string;
};

/** One kind's switches as a user set them. */
export type PreferenceRow = { kind: NotificationKind; inApp: boolean; email: boolean };

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

/** The only place that touches `notifications` and `notification_preferences`. */
export const notificationsRepo = {
  /** Written with the transaction of the change; answers the new ids in the order given. */
  async insert(scope: Scope, rows: NewNotification[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await scope.db
      .insert(notifications)
      .values(rows.map((r) => scope.values({ ...r, actorId: r.actorId ?? scope.actor.userId })))
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

  /** The switches the signed-in user changed (kinds without a row have the defaults). */
  async preferences(scope: Scope): Promise<PreferenceRow[]> {
    const rows = await scope.db
      .select({
        kind: notificationPreferences.kind,
        inApp: notificationPreferences.inApp,
        email: notificationPreferences.email,
      })
      .from(notificationPreferences)
      .where(scope.own(notificationPreferences, eq(notificationPreferences.userId, scope.actor.userId)));
    return rows.map((r) => ({ ...r, kind: r.kind as NotificationKind }));
  },

  /** Writes the signed-in user's switches for these kinds (whole rows). */
  async savePreferences(scope: Scope, rows: PreferenceRow[]): Promise<void> {
    if (rows.length === 0) return;
    await scope.db
      .insert(notificationPreferences)
      .values(rows.map((r) => scope.values({ userId: scope.actor.userId, ...r })))
      .onConflictDoUpdate({
        target: [
          notificationPreferences.companyId,
          notificationPreferences.userId,
          notificationPreferences.kind,
        ],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
      });
  },

  /**
   * The switches these users changed for these kinds (the notify reaction: one query however many
   * recipients), keyed `userId:kind`.
   */
  async preferencesOf(
    scope: Scope,
    userIds: readonly string[],
    kinds: readonly NotificationKind[],
  ): Promise<Map<string, { inApp: boolean; email: boolean }>> {
    if (userIds.length === 0 || kinds.length === 0) return new Map();
    const rows = await scope.db
      .select({
        userId: notificationPreferences.userId,
        kind: notificationPreferences.kind,
        inApp: notificationPreferences.inApp,
        email: notificationPreferences.email,
      })
      .from(notificationPreferences)
      .where(
        scope.own(
          notificationPreferences,
          inArray(notificationPreferences.userId, [...new Set(userIds)]),
          inArray(notificationPreferences.kind, [...new Set(kinds)]),
        ),
      );
    return new Map(rows.map((r) => [`${r.userId}:${r.kind}`, { inApp: r.inApp, email: r.email }]));
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
        address: recipient.email,
        firstName: recipient.firstName,
        status: recipient.status,
        email: notificationPreferences.email,
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
        notificationPreferences,
        and(
          eq(notificationPreferences.companyId, notifications.companyId),
          eq(notificationPreferences.userId, notifications.userId),
          eq(notificationPreferences.kind, notifications.kind),
        ),
      )
      .where(scope.own(notifications, inArray(notifications.id, ids)));
  },
};
