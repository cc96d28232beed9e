import { MESSAGES } from '@taskhive/contract';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../lib/scope.ts';

/**
 * Who may change a comment, once the comment's task or project is known to be within the
 * actor's reach (reading needs reading the task or project: the projects policy decides):
 * - edit: its author only (nobody rewrites someone else's words);
 * - delete: its author, or whoever holds `comment:delete:all` (the Company Admin by default),
 *   so an admin can remove any comment. A permission, not a role name, so a company can give
 *   moderation to another role in its roles screen.
 */
export const commentsPolicy = {
  assertCanEdit(actor: Actor, comment: { authorId: string }) {
    if (comment.authorId !== actor.userId) throw forbidden(MESSAGES.comments.notYours);
  },

  assertCanDelete(actor: Actor, comment: { authorId: string }) {
    if (comment.authorId !== actor.userId && !actor.permissions.has('comment:delete:all'))
      throw forbidden(MESSAGES.comments.notYours);
  },
};
