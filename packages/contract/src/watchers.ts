import { z } from 'zod';
import { personSchema } from './projects.ts';

/**
 * A task's watchers (issue 23): the people told of its status moves, edits, due date and comments.
 * `watching`: whether the caller is one of them.
 */
export const taskWatchersSchema = z.object({
  taskId: z.uuid(),
  watching: z.boolean(),
  count: z.number().int(),
  /** By first and last name. */
  watchers: z.array(personSchema),
});
export type TaskWatchers = z.infer<typeof taskWatchersSchema>;

/** The watchers' texts (kept out of MESSAGES, which the sign-in route loads whole). */
export const WATCHER_MESSAGES = {
  watch: 'Watch',
  unwatch: 'Unwatch',
  watchers: 'Watchers',
  none: 'No one watches this task',
  watched: 'You are watching this task',
  unwatched: 'You no longer watch this task',
  failed: 'Failed to change watching',
  loadFailed: 'Failed to load the watchers',
  hint: 'Watchers hear of its status, edits, due date and comments.',
} as const;
