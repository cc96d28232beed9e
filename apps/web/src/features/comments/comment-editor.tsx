import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_COMMENT_LENGTH,
  MAX_PAGE_SIZE,
  MESSAGES,
  mentionToken,
  mentionedIds,
  type UserProfile,
} from '@taskhive/contract';
import { useRef, useState } from 'react';
import { useListEmployeesQuery } from '../../api/users-api';

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The comment box: Markdown text; typing `@` opens a picker of the company's active people and
 * puts the chosen one in as a mention token (`@[userId]`); the names mentioned show below.
 */
export function CommentEditor({
  initial = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves true when saved (the box then clears). */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [at, setAt] = useState<number | null>(null);
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const { data: people } = useListEmployeesQuery({ statusNames: ['active'], pageSize: MAX_PAGE_SIZE });
  const everyone = people?.items ?? [];
  const mentioned = mentionedIds(value).flatMap((id) => everyone.filter((u) => u.userId === id));

  const onChange = (next: string, caret: number | null) => {
    // An `@` just typed opens the picker at its place.
    if (caret !== null && next.length === value.length + 1 && next[caret - 1] === '@') setAt(caret - 1);
    setValue(next);
  };

  const pick = (user: UserProfile | null) => {
    if (user && at !== null) {
      const token = `${mentionToken(user.userId)} `;
      const next = value.slice(0, at) + token + value.slice(at + 1);
      setValue(next);
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(at + token.length, at + token.length);
      });
    }
    setAt(null);
  };

  const submit = async () => {
    if (!value.trim()) return;
    if (await onSubmit(value.trim())) setValue('');
  };

  return (
    <Stack spacing={1}>
      <TextField
        ref={field}
        inputRef={input}
        size="small"
        multiline
        minRows={2}
        placeholder={MESSAGES.comments.placeholder}
        slotProps={{ htmlInput: { 'aria-label': 'Comment', maxLength: MAX_COMMENT_LENGTH } }}
        value={value}
        onChange={(e) => onChange(e.target.value, e.target.selectionStart)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      <Popover
        open={at !== null}
        anchorEl={field.current}
        onClose={() => setAt(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Autocomplete
          sx={{ width: 280, p: 1 }}
          open
          options={everyone}
          loading={!people}
          getOptionLabel={nameOf}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          onChange={(_e, user) => pick(user)}
          renderInput={(params) => <TextField {...params} autoFocus size="small" label="Mention someone" />}
        />
      </Popover>
      {mentioned.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          Mentions: {mentioned.map(nameOf).join(', ')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button size="small" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button
          size="small"
          variant="contained"
          disabled={busy || !value.trim()}
          onClick={() => void submit()}
        >
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
