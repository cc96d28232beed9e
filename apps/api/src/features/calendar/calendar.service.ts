import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_AHEAD_DAYS,
  CALENDAR_FEED_CAP,
  CALENDAR_FEED_FILE,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MESSAGES,
  CALENDAR_TASKS_CAP,
  type CalendarFeed,
  type CalendarFeedCreated,
  type CalendarTask,
  type CalendarTasks,
  type CalendarTasksQuery,
} from '@taskhive/contract';
import type { Db } from '../../db/client.ts';
import { isSuperAdminRole } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, makeScope, type Scope } from '../../lib/scope.ts';
import { loadProject, projectsPolicy } from '../projects/index.ts';
import { type CalendarTaskRow, calendarRepo, type FeedOwner } from './calendar.repo.ts';
import { icalCalendar, type IcalEvent } from './ical.ts';

/** The permission the calendar and its feed need (the route's, checked again for the feed's owner). */
export const CALENDAR_PERMISSION = 'task:read';

/** The path of a feed link, under the public URL. */
export const feedPath = (token: string) => `/api/Calendar/feed/${token}.ics`;

/** A feed token's stored form: SHA-256, hex. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What the auth plugin's cache answers for a user at their company's authorisation version
 * (`app.authz.cache.permissions`): the feed's owner gets the permissions a request of theirs would.
 */
export type PermissionsOf = (owner: FeedOwner) => Promise<ReadonlySet<string>>;

export function toCalendarTask(row: CalendarTaskRow): CalendarTask {
  return {
    taskId: row.id,
    key: row.key,
    title: row.title,
    projectId: row.projectId,
    projectName: row.projectName,
    parentTaskId: row.parentTaskId,
    statusName: row.statusName,
    statusColor: row.statusColor,
    isDone: row.isDone,
    priorityName: row.priorityName,
    startDate: row.startDate,
    dueDate: row.dueDate,
    isOverdue: row.isOverdue,
    assigneeNames: row.assigneeNames,
    labels: row.labels,
  };
}

function dayOffset(days: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function toEvent(row: CalendarTaskRow, publicUrl: string): IcalEvent {
  const status = row.statusName ?? 'No status';
  return {
    uid: `${row.id}@taskhive`,
    day: row.dueDate,
    summary: `${row.key} ${row.title}`,
    description: `Project: ${row.projectName}\nStatus: ${status}`,
    url: `${publicUrl}/app/t/${encodeURIComponent(row.key)}`,
    categories: row.labels.map((l) => l.name),
    ...(row.builtIn === 'cancelled' ? { status: 'CANCELLED' as const } : {}),
  };
}

/**
 * The calendar: tasks by due date (the task read rule of `projectsPolicy`, the projects
 * feature's reach condition), and the private iCalendar feed of the tasks assigned to a user.
 */
export function calendarService(o: { db: Db; publicUrl: string; permissionsOf: PermissionsOf }) {
  /**
   * The owner of a feed link as a request of theirs would be admitted (active user and company,
   * their effective permissions, `task:read` held, no password change pending); null otherwise.
   */
  async function feedActor(token: string): Promise<Actor | null> {
    const owner = await calendarRepo.ownerByTokenHash(o.db, hashFeedToken(token));
    if (!owner || owner.userStatus !== 'active' || !owner.companyActive || owner.mustChangePassword)
      return null;
    const permissions = await o.permissionsOf(owner);
    if (!permissions.has(CALENDAR_PERMISSION)) return null;
    return {
      userId: owner.userId,
      companyId: owner.companyId,
      sessionId: '',
      role: owner.roleName ?? '',
      isSuperAdmin: isSuperAdminRole(owner.roleName, owner.roleType),
      permissions,
    };
  }

  return {
    async tasks(scope: Scope, q: CalendarTasksQuery): Promise<CalendarTasks> {
      const reach = projectsPolicy.taskReach(scope.actor);
      // Another company's project, or one out of reach, answers 404 like one that does not exist.
      if (q.projectId) await loadProject(scope, q.projectId, reach);
      const set = q.projectId ? { projectId: q.projectId } : { assignedTo: scope.actor.userId };
      const rows = await calendarRepo.tasksDue(
        scope,
        set,
        { from: q.from, to: q.to },
        reach,
        CALENDAR_TASKS_CAP + 1,
        q.labelIds,
      );
      return {
        from: q.from,
        to: q.to,
        projectId: q.projectId ?? null,
        labelIds: q.labelIds ?? [],
        items: rows.slice(0, CALENDAR_TASKS_CAP).map(toCalendarTask),
        truncated: rows.length > CALENDAR_TASKS_CAP,
      };
    },

    async feed(scope: Scope): Promise<CalendarFeed> {
      const row = await calendarRepo.feedOf(scope);
      return { active: row !== null, createdAt: row?.createdAt.toISOString() ?? null };
    },

    /**
     * A new link for the reader, in place of any earlier one (which stops working at once). The
     * token is answered this once; only its hash is stored.
     */
    async createFeed(scope: Scope): Promise<CalendarFeedCreated> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = await calendarRepo.setFeed(scope, hashFeedToken(token));
      return { active: true, createdAt: createdAt.toISOString(), url: `${o.publicUrl}${feedPath(token)}` };
    },

    /** Turns the reader's link off (nothing to turn off answers the same). */
    async deleteFeed(scope: Scope): Promise<CalendarFeed> {
      await calendarRepo.deleteFeed(scope);
      return { active: false, createdAt: null };
    },

    /**
     * The feed behind a link (`<token>.ics`): the tasks assigned to its owner, due from
     * CALENDAR_FEED_PAST_DAYS ago to CALENDAR_FEED_AHEAD_DAYS ahead, read for the owner in their
     * company's scope. Null (404) for anything but a live link of an admitted owner.
     */
    async calendar(file: string, now = new Date()): Promise<string | null> {
      const token = CALENDAR_FEED_FILE.exec(file)?.[1];
      if (!token) return null;
      const actor = await feedActor(token);
      if (!actor) return null;
      const scope = makeScope(o.db, actor);
      const rows = await calendarRepo.tasksDue(
        scope,
        { assignedTo: actor.userId },
        { from: dayOffset(-CALENDAR_FEED_PAST_DAYS, now), to: dayOffset(CALENDAR_FEED_AHEAD_DAYS, now) },
        projectsPolicy.taskReach(actor),
        CALENDAR_FEED_CAP,
      );
      return icalCalendar({
        name: CALENDAR_MESSAGES.feedCalendarName,
        stamp: now,
        events: rows.map((row) => toEvent(row, o.publicUrl)),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;

/** A link that does not open a feed: the same 404 whatever the reason. */
export const feedNotFound = () => notFound('Calendar');
