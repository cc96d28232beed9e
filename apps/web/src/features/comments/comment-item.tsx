import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Comment, MESSAGES } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { CommentEditor } from './comment-editor';
import { CommentMarkdown } from './comment-markdown';
import { type CommentThread, useDeleteCommentMutation, useEditCommentMutation } from './comments-api';

export const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * One comment of a thread (a task's timeline or a project's discussion): author, time, the
 * "edited" mark, the Markdown body; its author edits it, its author or a holder of
 * `comment:delete:all` deletes it (both optimistic, undone if the server refuses).
 */
export function CommentItem({ thread, comment }: { thread: CommentThread; comment: Comment }) {
  const toast = useToast();
  const { user, can } = useSession();
  const [editing, setEditing] = useState(false);
  const [edit, editing_] = useEditCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const mine = comment.author.userId === user?.userId;
  // As the API decides: the route needs comment:delete, another's comment also comment:delete:all.
  const canDelete = can({ anyOf: ['comment:delete'] }) && (mine || can({ anyOf: ['comment:delete:all'] }));
  const name = `${comment.author.firstName} ${comment.author.lastName}`.trim();

  const onDelete = async () => {
    try {
      await remove({ thread, commentId: comment.commentId }).unwrap();
      toast.success(MESSAGES.comments.deleted);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.comments.deleteFailed));
    }
  };

  return (
    <Stack direction="row" spacing={1.5} component="li" aria-label={`Comment by ${name}`}>
      <UserAvatar
        firstName={comment.author.firstName}
        lastName={comment.author.lastName}
        photoUrl={comment.author.profilePhotoUrl}
        size={32}
      />
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {when(comment.createdAt)}
            {comment.editedAt && ` · ${MESSAGES.comments.edited}`}
          </Typography>
          <Stack direction="row" sx={{ ml: 'auto' }}>
            {mine && can({ anyOf: ['comment:update'] }) && !editing && (
              <Tooltip title="Edit comment">
                <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title="Delete comment">
                <IconButton size="small" aria-label="Delete comment" onClick={() => void onDelete()}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        </Stack>
        {editing ? (
          <CommentEditor
            initial={comment.body}
            mentions={comment.mentions}
            submitLabel="Save"
            busy={editing_.isLoading}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              setEditing(false);
              try {
                await edit({ thread, commentId: comment.commentId, body }).unwrap();
                return true;
              } catch (err) {
                toast.error(errorMessage(err, MESSAGES.comments.updateFailed));
                return false;
              }
            }}
          />
        ) : (
          <CommentMarkdown body={comment.body} mentions={comment.mentions} />
        )}
      </Stack>
    </Stack>
  );
}
