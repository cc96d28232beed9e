import {
  type RecurrenceCopyField,
  RECURRENCE_MESSAGES,
  recurrenceSummary,
  type SetRecurrenceBody,
  type TaskRecurrence,
} from '@taskhive/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { enqueue, type JobHandler } from '../../lib/jobs.ts';
import type { ChangeField, LiveEvent } from '../../lib/live-events.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { makeScope, type Scope, systemScope } from '../../lib/scope.ts';
import { personName, taskActivity } from '../comments/index.ts';
import { customFieldCopies } from '../custom-fields/index.ts';
import { labelsWrites } from '../labels/index.ts';
import { projectsPolicy } from '../projects/index.ts';
import { type TaskRow, tasksReads, tasksWrites } from '../tasks/index.ts';
import { todayIn } from '../time-logs/index.ts';
import { usersReads } from '../users/index.ts';
import { addDays, daysBetween, hasArrived, nextOccurrence, type RuleArithmetic } from './recurrence-rules.ts';
import { type RuleRow, recurrenceRepo } from './task-recurrence.repo.ts';

/** The job a completed occurrence enqueues (in the transaction that completed it): make the next. */
export const RECURRENCE_NEXT = 'recurrence:next';
/** The hourly round (at :07, once across processes) that makes on_date occurrences whose day has come. */
export const RECURRENCE_ROUND = { task: 'recurrence:due', schedule: '7 * * * *' } as const;

const nextPayload = z.object({ companyId: z.uuid(), taskId: z.uuid(), actorId: z.uuid() });

const summaryOf = (r: RuleArithmetic) => recurrenceSummary(r);

function toSeries(rule: RuleRow, occurrenceDate: string): NonNullable<TaskRecurrence['series']> {
  return {
    ruleId: rule.id,
    frequency: rule.frequency,
    interval: rule.interval,
    weekdays: rule.weekdays,
    monthDay: rule.monthDay,
    ends: rule.ends,
    untilDate: rule.untilDate,
    count: rule.count,
    trigger: rule.trigger,
    timeZone: rule.timeZone,
    nextDate: rule.nextDate,
    occurrencesCreated: rule.occurrencesCreated,
    occurrenceDate,
    summary: summaryOf(rule),
  };
}

/** A task the reader may read (the projects policy's task reach); 404 otherwise. */
async function loadTask(scope: Scope, id: string): Promise<TaskRow> {
  const row = await tasksReads.byId(scope, id, projectsPolicy.taskReach(scope.actor));
  if (!row) throw notFound('Task');
  return row;
}

/** The rule's own fields from a request body, weekdays sorted and without repeats. */
function ruleOf(
  body: SetRecurrenceBody,
): RuleArithmetic & { weekdays: number[] | null; trigger: RuleRow['trigger'] } {
  return {
    frequency: body.frequency,
    interval: body.interval,
    weekdays: body.weekdays ? [...new Set(body.weekdays)].sort((a, b) => a - b) : null,
    monthDay: body.monthDay,
    ends: body.ends,
    untilDate: body.untilDate,
    count: body.count,
    trigger: body.trigger,
  };
}

/** A history line of the task's repeat ('repeat': the rule set, changed or removed). */
function repeatChange(tx: Scope, task: TaskRow, from: string | null, to: string | null) {
  tx.emit({
    type: 'task',
    action: 'updated',
    id: task.id,
    projectId: task.projectId,
    taskId: task.parentTaskId,
    fields: [{ field: 'repeat', from, to }],
  });
}

export const recurrenceService = {
  async get(scope: Scope, taskId: string): Promise<TaskRecurrence> {
    await loadTask(scope, taskId);
    const found = await recurrenceRepo.ofTask(scope, taskId);
    return { taskId, series: found ? toSeries(found.rule, found.occurrenceDate) : null };
  },

  /**
   * Sets the task's rule. A task of no series starts one (its first occurrence dated its due date,
   * or today in the actor's zone); `apply: 'series'` changes its series' rule for the occurrences
   * still to come (counted from its latest occurrence); `apply: 'this'` takes the task out of its
   * series into a series of its own.
   */
  async set(scope: Scope, taskId: string, body: SetRecurrenceBody): Promise<TaskRecurrence> {
    const task = await loadTask(scope, taskId);
    if (task.parentTaskId) throw badRequest(RECURRENCE_MESSAGES.subtask);
    const rule = ruleOf(body);
    const zone = (await usersReads.timeZones(scope, [scope.actor.userId])).get(scope.actor.userId) ?? 'UTC';
    return retryTransaction(() =>
      scope.transaction(async (tx) => {
        const current = await recurrenceRepo.ofTask(tx, taskId);
        if (current && body.apply === 'series') {
          const locked = (await recurrenceRepo.lock(tx, current.rule.id)) ?? current.rule;
          const latest = (await recurrenceRepo.latest(tx, locked.id)) ?? {
            taskId,
            occurrenceDate: current.occurrenceDate,
          };
          if (rule.untilDate && rule.untilDate < latest.occurrenceDate)
            throw fieldError('untilDate', RECURRENCE_MESSAGES.untilBeforeStart);
          const created = await recurrenceRepo.count(tx, locked.id);
          // The cycle counts anew from the latest occurrence: the change applies to the next ones.
          const updated = await recurrenceRepo.update(tx, locked.id, {
            ...rule,
            anchorDate: latest.occurrenceDate,
            occurrencesCreated: created,
            nextDate: nextOccurrence(rule, latest.occurrenceDate, latest.occurrenceDate, created),
          });
          repeatChange(tx, task, summaryOf(locked), summaryOf(updated));
          return { taskId, series: toSeries(updated, current.occurrenceDate) };
        }
        if (current) await recurrenceRepo.removeOccurrence(tx, taskId);
        const anchor = task.dueDate ?? todayIn(zone);
        if (rule.untilDate && rule.untilDate < anchor)
          throw fieldError('untilDate', RECURRENCE_MESSAGES.untilBeforeStart);
        const made = await recurrenceRepo.insert(tx, {
          ...rule,
          timeZone: zone,
          anchorDate: anchor,
          nextDate: nextOccurrence(rule, anchor, anchor, 1),
          occurrencesCreated: 1,
          createdBy: scope.actor.userId,
        });
        await recurrenceRepo.addOccurrence(tx, { ruleId: made.id, taskId, occurrenceDate: anchor });
        repeatChange(tx, task, current ? summaryOf(current.rule) : null, summaryOf(made));
        return { taskId, series: toSeries(made, anchor) };
      }),
    );
  },

  /** Ends the task's series (`series`: no more occurrences) or takes this task out of it (`this`). */
  async remove(scope: Scope, taskId: string, apply: 'series' | 'this'): Promise<TaskRecurrence> {
    const task = await loadTask(scope, taskId);
    await scope.transaction(async (tx) => {
      const current = await recurrenceRepo.ofTask(tx, taskId);
      if (!current) return;
      if (apply === 'series') await recurrenceRepo.delete(tx, current.rule.id);
      else await recurrenceRepo.removeOccurrence(tx, taskId);
      repeatChange(tx, task, summaryOf(current.rule), null);
    });
    return { taskId, series: null };
  },

  /**
   * "All future occurrences": the series' later occurrences that are still open take these
   * fields from this one (each a change of its task: history, live updates). Answers their ids.
   */
  async applyToFuture(
    scope: Scope,
    taskId: string,
    fields: readonly RecurrenceCopyField[],
  ): Promise<string[]> {
    const task = await loadTask(scope, taskId);
    const current = await recurrenceRepo.ofTask(scope, taskId);
    if (!current) throw badRequest(RECURRENCE_MESSAGES.notASeries);
    const want = new Set(fields);
    return retryTransaction(() =>
      scope.transaction(async (tx) => {
        const laterIds = await recurrenceRepo.after(tx, current.rule.id, current.occurrenceDate);
        const later = (
          await tasksReads.byIdsInReach(tx, laterIds, projectsPolicy.taskReach(scope.actor))
        ).filter((t) => !t.statusDone);
        const assignees = want.has('assignees')
          ? await tasksReads.assignees(tx, [taskId, ...later.map((t) => t.id)])
          : [];
        const namesOf = (id: string) =>
          assignees
            .filter((a) => a.taskId === id)
            .map(personName)
            .sort()
            .join(', ') || null;
        const userIds = assignees.filter((a) => a.taskId === taskId).map((a) => a.userId);
        for (const t of later) {
          await tasksWrites.update(tx, t.id, {
            ...(want.has('title') ? { title: task.title } : {}),
            ...(want.has('description') ? { description: task.description } : {}),
            ...(want.has('priority') ? { priorityId: task.priorityId } : {}),
            ...(want.has('estimate') ? { estimatedHours: task.estimatedHours } : {}),
            ...(want.has('list') ? { taskListId: task.taskListId } : {}),
          });
          if (want.has('list') && t.taskListId !== task.taskListId)
            await tasksWrites.moveSubtasksToList(tx, t.id, task.taskListId);
          const before = namesOf(t.id);
          if (want.has('assignees')) await tasksWrites.setAssignees(tx, t.id, userIds);
          const lines: ChangeField[] = [];
          const line = (field: ChangeField['field'], from: string | null, to: string | null) => {
            if (from !== to)
              lines.push(field === 'description' ? { field, from: null, to: null } : { field, from, to });
          };
          if (want.has('title')) line('title', t.title, task.title);
          if (want.has('description')) line('description', t.description, task.description);
          if (want.has('priority')) line('priority', t.priorityName, task.priorityName);
          if (want.has('list')) line('list', t.listName, task.listName);
          if (want.has('assignees')) line('assignees', before, namesOf(taskId));
          tx.emit({
            type: 'task',
            action: 'updated',
            id: t.id,
            projectId: t.projectId,
            taskId: t.parentTaskId,
            fields: lines,
            notice: {
              assigned: want.has('assignees')
                ? userIds.filter((u) => !assignees.some((a) => a.taskId === t.id && a.userId === u))
                : [],
            },
          });
        }
        return later.map((t) => t.id);
      }),
    );
  },
};

/**
 * The change reaction (change-subscribers.ts): an occurrence of a series just completed (its
 * status became Completed) enqueues the job that makes the next occurrence, in the completing
 * transaction (a rolled-back completion enqueues nothing). No statement for any other change: the
 * task's notice says whether it is an occurrence.
 */
export async function recurrenceOnCompletion(tx: Scope, events: readonly LiveEvent[]): Promise<void> {
  const done = events.filter(
    (e) =>
      e.type === 'task' &&
      e.action === 'updated' &&
      e.notice?.task?.recurring === true &&
      e.notice.task.completed === true &&
      e.fields?.some((f) => f.field === 'status'),
  );
  if (done.length === 0) return;
  await enqueue(
    tx,
    RECURRENCE_NEXT,
    done.map((e) => ({ companyId: e.companyId, taskId: e.id, actorId: e.actorId })),
  );
}

/** A scope acting as `userId` in the company (the history's actor of an occurrence made by a job). */
function actingAs(db: Db, companyId: string, userId: string): Scope {
  return makeScope(
    db,
    { userId, companyId, sessionId: '', role: 'system', isSuperAdmin: false, permissions: new Set() },
    companyId,
  );
}

/**
 * Makes the occurrence dated `day` of the locked series: a copy of `source` (title, description,
 * priority, list, estimate, assignees, labels, custom values) due that day (its start as far before as the source's), in
 * the company's first status, with copies of its subtasks (dates shifted alike), linked to the
 * series; the rule moves on to its next date. Recorded as the new tasks' changes (history: created,
 * "Created from the series"; live events). False when the series already has that date.
 */
async function makeOccurrence(tx: Scope, rule: RuleRow, source: TaskRow, sourceDate: string, day: string) {
  if (await recurrenceRepo.hasOccurrenceOn(tx, rule.id, day)) return false;
  const shift = daysBetween(sourceDate, day);
  const moved = (d: string | null) => (d === null ? null : addDays(d, shift));
  const subtasks = await tasksReads.subtasks(tx, source.id);
  const assignees = await tasksReads.assignees(tx, [source.id, ...subtasks.map((s) => s.id)]);
  const whoOf = (id: string) => assignees.filter((a) => a.taskId === id).map((a) => a.userId);
  const copy = (
    t: TaskRow,
    parentTaskId: string | null,
    dates: { startDate: string | null; dueDate: string | null },
  ) =>
    tasksWrites.insertQuery(tx, {
      projectId: t.projectId,
      taskListId: t.taskListId,
      parentTaskId,
      title: t.title,
      description: t.description,
      statusId: 'first',
      priorityId: t.priorityId,
      startDate: dates.startDate,
      dueDate: dates.dueDate,
      estimatedHours: t.estimatedHours,
      actualHours: null,
      sortOrder: parentTaskId ? t.sortOrder : 'front',
      createdBy: tx.actor.userId,
    });
  const startDate =
    source.startDate === null
      ? null
      : source.dueDate === null
        ? day
        : addDays(day, -daysBetween(source.startDate, source.dueDate));
  const id = await taskActivity.recordCreated(
    tx,
    copy(source, null, { startDate, dueDate: day }),
    source.title,
  );
  await tasksWrites.addAssignees(tx, id, whoOf(source.id));
  if (!(await recurrenceRepo.addOccurrence(tx, { ruleId: rule.id, taskId: id, occurrenceDate: day })))
    throw new OccurrenceExists();
  tx.emit({
    type: 'task',
    action: 'created',
    id,
    projectId: source.projectId,
    notice: { assigned: whoOf(source.id) },
  });
  const pairs = [{ from: source.id, to: id }];
  for (const s of subtasks) {
    const subId = await taskActivity.recordCreated(
      tx,
      copy(s, id, { startDate: moved(s.startDate), dueDate: moved(s.dueDate) }),
      s.title,
    );
    pairs.push({ from: s.id, to: subId });
    await tasksWrites.addAssignees(tx, subId, whoOf(s.id));
    tx.emit({
      type: 'task',
      action: 'created',
      id: subId,
      projectId: s.projectId,
      taskId: id,
      notice: { assigned: whoOf(s.id) },
    });
  }
  // Labels and custom values (of the fields still enabled on the project): one statement each
  // for the occurrence and its subtasks, their history lines as if set on the new tasks.
  const lines = await copiedLines(tx, source.projectId, pairs);
  for (const p of pairs.slice(1)) {
    const fields = lines.get(p.to);
    if (fields?.length)
      tx.emit({ type: 'task', action: 'updated', id: p.to, projectId: source.projectId, taskId: id, fields });
  }
  const created = rule.occurrencesCreated + 1;
  await recurrenceRepo.update(tx, rule.id, {
    occurrencesCreated: created,
    nextDate: nextOccurrence(rule, rule.anchorDate, day, created),
  });
  tx.emit({
    type: 'task',
    action: 'updated',
    id,
    projectId: source.projectId,
    fields: [{ field: 'series', from: null, to: summaryOf(rule) }, ...(lines.get(id) ?? [])],
  });
  return true;
}

/**
 * Copies the sources' labels and custom values to their copies (`pairs`): the labels feature's
 * and the custom-fields feature's writers, one `INSERT ... SELECT` each. Answers each copy's
 * history lines: a `label` line per label put on, a `customField` line per value.
 */
async function copiedLines(
  tx: Scope,
  projectId: string,
  pairs: readonly { from: string; to: string }[],
): Promise<Map<string, ChangeField[]>> {
  const lines = await customFieldCopies.copyToTasks(tx, projectId, pairs);
  const labelled = new Map<string, ChangeField[]>();
  for (const l of await labelsWrites.copyToTasks(tx, pairs))
    labelled.set(l.taskId, [...(labelled.get(l.taskId) ?? []), { field: 'label', from: null, to: l.name }]);
  return new Map(pairs.map((p) => [p.to, [...(labelled.get(p.to) ?? []), ...(lines.get(p.to) ?? [])]]));
}

/** Another transaction made this date's occurrence first (the unique key): nothing to do. */
class OccurrenceExists extends Error {}

async function quietlyOnce(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof OccurrenceExists)) throw err;
  }
}

/**
 * The job of a completed occurrence: when it is still completed and still its series' latest
 * occurrence, and the series is on_complete and not ended, the next occurrence is made: dated the
 * rule's next date, or (completed late) the first date of the rule from today on in its zone.
 */
export async function makeNextAfterCompletion(
  db: Db,
  payload: unknown,
  now: Date = new Date(),
): Promise<void> {
  const { companyId, taskId, actorId } = nextPayload.parse(payload);
  const scope = actingAs(db, companyId, actorId);
  await quietlyOnce(() =>
    scope.transaction(async (tx) => {
      const found = await recurrenceRepo.ofTask(tx, taskId);
      if (!found || found.rule.trigger !== 'on_complete') return;
      const rule = await recurrenceRepo.lock(tx, found.rule.id);
      if (!rule?.nextDate) return;
      const latest = await recurrenceRepo.latest(tx, rule.id);
      if (latest?.taskId !== taskId) return;
      const source = await tasksReads.byId(tx, taskId, null);
      if (!source?.completedAt) return;
      const today = todayIn(rule.timeZone, now);
      let day: string | null = rule.nextDate;
      while (day !== null && day < today)
        day = nextOccurrence(rule, rule.anchorDate, day, rule.occurrencesCreated);
      if (day === null) {
        await recurrenceRepo.update(tx, rule.id, { nextDate: null });
        return;
      }
      await makeOccurrence(tx, rule, source, latest.occurrenceDate, day);
    }),
  );
}

/**
 * The hourly round: each on_date series whose next date has arrived in its own zone gets that
 * occurrence (one per series and round: a server down for days catches up one a round), a copy
 * of its latest occurrence, made as the series' creator (or the latest occurrence's creator).
 */
export async function makeDueOccurrences(db: Db, now: Date = new Date()): Promise<number> {
  // Somewhere on earth (up to UTC+14) it is already the UTC tomorrow.
  const latestDay = addDays(now.toISOString().slice(0, 10), 1);
  let made = 0;
  for (const companyId of await recurrenceRepo.companiesWithDueRules(db, latestDay)) {
    const system = systemScope(db, companyId);
    for (const due of await recurrenceRepo.dueRules(system, latestDay)) {
      if (!due.nextDate || !hasArrived(due.nextDate, due.timeZone, now)) continue;
      const latest = await recurrenceRepo.latest(system, due.id);
      const source = latest ? await tasksReads.byId(system, latest.taskId, null) : null;
      const actorId = due.createdBy ?? source?.createdBy;
      if (!latest || !source || !actorId) continue;
      await quietlyOnce(() =>
        actingAs(db, companyId, actorId).transaction(async (tx) => {
          const rule = await recurrenceRepo.lock(tx, due.id);
          if (!rule?.nextDate || !hasArrived(rule.nextDate, rule.timeZone, now)) return;
          if (await makeOccurrence(tx, rule, source, latest.occurrenceDate, rule.nextDate)) made++;
        }),
      );
    }
  }
  return made;
}

export const recurrenceJobs = {
  next:
    (deps: { db: Db; clock?: () => Date }): JobHandler =>
    async (payload) =>
      makeNextAfterCompletion(deps.db, payload, deps.clock?.() ?? new Date()),
  round:
    (deps: { db: Db; clock?: () => Date }): JobHandler =>
    async () => {
      await makeDueOccurrences(deps.db, deps.clock?.() ?? new Date());
    },
};

export type RecurrenceService = typeof recurrenceService;
