import type { LiveMessage } from '@taskhive/contract';
import type { LiveEvent } from '../../lib/live-events.ts';
import type { Actor, Scope } from '../../lib/scope.ts';
import { projectsPolicy, projectsReads } from '../projects/index.ts';
import { managedUserIds, timeLogPolicy } from '../time-logs/index.ts';
import { timesheetsPolicy } from '../timesheets/index.ts';

/**
 * What a stream sends: the event's name and place, never the record (the read checks rights);
 * `mine` when the reader's own session made it (`sessionId`: the stream's session).
 */
export function toLiveMessage(e: LiveEvent, sessionId?: string): LiveMessage {
  return {
    type: e.type,
    action: e.action,
    id: e.id,
    projectId: e.projectId ?? null,
    taskId: e.taskId ?? null,
    ...(sessionId && e.sessionId === sessionId ? { mine: true } : {}),
  };
}

/**
 * Who may hear what, for one open stream. The rules of the reads themselves (projectsPolicy's
 * canReadProject / canReadTask, time-logs.policy.ts), decided per event from what the connection
 * keeps:
 * - projects: `project:read:all`, else the projects the reader is a member of;
 * - task lists, tasks, comments: also `task:read:all` (tasks follow their project);
 * - time logs: the owner, `timelog:read:all`, and the manager of the owner's department;
 * - notifications: the recipients only; personal to-dos: their owner only;
 * - task statuses, labels, custom field definitions: everyone (every task screen shows them); a
 *   project's enabled custom fields: its readers; saved views: a shared one the project's readers,
 *   a personal one its owner only; employees: the person and holders of
 *   employee:read(:all); company roles, departments: their read permissions; what the company
 *   holds (purchases, modules): company:read, company:update or package:read.
 * The member projects and managed users are loaded when the stream opens and on every re-check;
 * membership is reloaded when a project event names this reader (added, removed, a new project).
 */
export function liveAudience(scope: Scope) {
  const userId = scope.actor.userId;
  let actor: Actor = scope.actor;
  let memberOf = new Set<string>();
  let managed = new Set<string>();
  const has = (p: string) => actor.permissions.has(p);

  async function loadMembership() {
    memberOf = new Set((await projectsReads.forMember(scope, userId)).map((p) => p.projectId));
  }
  async function loadManaged() {
    managed = new Set((await managedUserIds(scope)).map((u) => u.id));
  }

  return {
    /** Takes the actor's current rights (after a re-check) and reloads what the rules read. */
    async refresh(next: Actor) {
      actor = next;
      await Promise.all([loadMembership(), loadManaged()]);
    },

    async allows(e: LiveEvent): Promise<boolean> {
      const named = e.userIds?.includes(userId) ?? false;
      switch (e.type) {
        case 'project': {
          const was = memberOf.has(e.id);
          if (named) await loadMembership();
          if (e.action === 'deleted') memberOf.delete(e.id);
          // A removed member hears of it once (their open screens then get 404 on refetch).
          return projectsPolicy.canReadProject(actor.permissions, was || memberOf.has(e.id));
        }
        case 'tasklist':
        case 'task':
        case 'comment':
        case 'dependency':
          return projectsPolicy.canReadTask(actor.permissions, !!e.projectId && memberOf.has(e.projectId));
        case 'timelog':
          return (e.userIds ?? []).some((u) => timeLogPolicy.seesTimeOf(actor, u, managed.has(u)));
        case 'notification':
        case 'todo':
          // A notification's recipient; a personal to-do's owner (no one else, not an admin).
          return named;
        case 'taskstatus':
        case 'label':
          // Every screen of tasks and projects shows the company's statuses and labels.
          return true;
        case 'customfield':
          // A definition: every task screen shows them; a project's enabled fields: its readers.
          return !e.projectId || projectsPolicy.canReadTask(actor.permissions, memberOf.has(e.projectId));
        case 'savedview':
          // A personal view: its owner alone (not an admin); a shared one: the project's readers.
          if (e.userIds) return named;
          return !!e.projectId && projectsPolicy.canReadTask(actor.permissions, memberOf.has(e.projectId));
        case 'employee':
          return named || has('employee:read') || has('employee:read:all');
        case 'companyrole':
          return has('companyrole:read') || has('companyrole:read:all');
        case 'department':
          return has('department:read') || has('department:read:all');
        case 'subscription':
          return has('company:read') || has('company:update') || has('package:read');
        case 'timesheet': {
          // A week: its person and their approvers (timesheets.policy.ts); the settings: everyone.
          const owner = e.userIds?.[0];
          return !owner || timesheetsPolicy.hearsOf(actor, owner, managed.has(owner));
        }
        case 'session':
          // Handled by the stream itself (it re-checks and may end); the client hears of a change
          // of its reader's rights, or of the company's (no userIds), to refetch what it shows.
          return e.action === 'updated' && (named || !e.userIds);
      }
    },
  };
}
