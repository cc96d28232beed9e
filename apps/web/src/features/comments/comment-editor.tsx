import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  DIRECTORY_LIMIT,
  MAX_COMMENT_LENGTH,
  MENTION_PATTERN,
  MESSAGES,
  mentionToken,
  type Person,
  USER_SEARCH_DEBOUNCE_MS,
} from '@taskhive/contract';
import { useRef, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useMentionDirectoryQuery } from './comments-api';

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The people a box knows by name: user id (lower case) → the name it shows. */
type Known = ReadonlyMap<string, string>;

const knownOf = (people: readonly Person[]): Known =>
  new Map(people.map((p) => [p.userId.toLowerCase(), nameOf(p)]));

/** A stored body as the box shows it: each mention token of a known person as `@Name`. */
export function toDisplay(body: string, known: Known): string {
  return body.replace(MENTION_PATTERN, (token, id: string) => {
    const name = known.get(id.toLowerCase());
    return name ? `@${name}` : token;
  });
}

/**
 * The box's text as stored: each `@Name` of a known person (picked, or mentioned before an edit)
 * becomes the token `@[userId]` (the API's comment format). Longer names first, so "@Al Smith" is
 * not taken for "@Al"; a name followed by more of a word ("@Evelyn" for Eve) is not a mention.
 */
export function toStored(text: string, known: Known): string {
  const byLength = [...known].sort(([, a], [, b]) => b.length - a.length);
  return byLength.reduce(
    (out, [id, name]) =>
      out.replace(new RegExp(`@${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, 'gu'), mentionToken(id)),
    text,
  );
}

/**
 * The comment box: Markdown text; typing `@` opens a picker of the company's active people (the
 * directory any commenter may read, searched as one types; Escape closes it) and puts the chosen
 * one in by name. The box always shows names; what is saved carries the mention token
 * (`@[userId]`). Editing a comment shows its mentions (`mentions`) by name again.
 */
export function CommentEditor({
  initial = '',
  mentions = [],
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  /** The people the initial body mentions (a comment's `mentions`), to show them by name. */
  mentions?: readonly Person[];
  submitLabel: string;
  busy: boolean;
  /** Resolves true when saved (the box then clears). */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [known, setKnown] = useState<Known>(() => knownOf(mentions));
  const [value, setValue] = useState(() => toDisplay(initial, known));
  const [at, setAt] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const people = useMentionDirectoryQuery(
    at === null ? skipToken : { ...(term ? { search: term } : {}), limit: DIRECTORY_LIMIT.default },
  );
  const stored = toStored(value, known);
  const mentioned = [...new Set([...stored.matchAll(MENTION_PATTERN)].map((m) => (m[1] ?? '').toLowerCase()))]
    .map((id) => known.get(id))
    .filter((name) => name !== undefined);

  const onChange = (next: string, caret: number | null) => {
    // An `@` just typed opens the picker at its place.
    if (caret !== null && next.length === value.length + 1 && next[caret - 1] === '@') {
      setSearch('');
      setAt(caret - 1);
    }
    setValue(next);
  };

  const close = () => {
    setAt(null);
    requestAnimationFrame(() => input.current?.focus());
  };

  const pick = (user: Person | null) => {
    if (user && at !== null) {
      const name = nameOf(user);
      const shown = `@${name} `;
      setKnown((k) => new Map(k).set(user.userId.toLowerCase(), name));
      setValue(value.slice(0, at) + shown + value.slice(at + 1));
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(at + shown.length, at + shown.length);
      });
    }
    setAt(null);
  };

  const submit = async () => {
    const body = toStored(value, known).trim();
    if (!body) return;
    if (await onSubmit(body)) setValue('');
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
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Autocomplete
          sx={{ width: 280, p: 1 }}
          open
          options={people.data ?? []}
          // The server searches; the options are its answer as it is.
          filterOptions={(options) => options}
          loading={people.isFetching}
          loadingText="Loading…"
          noOptionsText={people.isError ? 'Could not load people' : 'No one found'}
          getOptionLabel={nameOf}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          inputValue={search}
          onInputChange={(_e, v, reason) => {
            if (reason === 'input') setSearch(v);
          }}
          onChange={(_e, user) => pick(user)}
          // Autocomplete keeps Escape to itself while its list is open: close the picker here.
          onClose={(_e, reason) => {
            if (reason === 'escape') close();
          }}
          renderInput={(params) => <TextField {...params} autoFocus size="small" label="Mention someone" />}
        />
      </Popover>
      {mentioned.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          Mentions: {mentioned.join(', ')}
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
