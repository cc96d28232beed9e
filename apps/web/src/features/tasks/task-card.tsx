import type { SxProps, Theme } from '@mui/material/styles';
import { blockedLabel, type CustomField, LABEL_MESSAGES, type Task } from '@taskhive/contract';
import { createContext, memo, type ReactNode, useContext } from 'react';
import { AVATAR_COLORS } from '../../app/theme/avatar-colors';
import { LABEL_COLOR_VALUES } from '../../app/theme/label-colors';
import { useAuthedImage } from '../../hooks/use-authed-image';
import { avatarColorIndex, initialsOf, resolvePhotoUrl } from '../../lib/avatar';
import { formatDate } from '../../lib/format';
import { useListCustomFieldsQuery } from '../../api/custom-fields-api';
import { shownValue } from './custom-field-columns';
import { PRIORITY_COLORS } from './task-bits';
import { useOpenTask } from './task-link';
import { RepeatCardMark } from './repeat-mark';

/** Avatars a card shows before "+n". */
const CARD_AVATARS = 3;
const AVATAR_PX = 22;

/**
 * The cards' styles, applied once by the board around all of them (`TaskBoard`). A board shows
 * hundreds of cards: each is plain elements with class names, where MUI components with `sx`
 * (a dozen per card) made the board's first render one long task of 200 to 450 ms.
 */
export const taskCardStyles: SxProps<Theme> = (theme) => ({
  '& .task-card': {
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    p: 1.25,
    color: 'text.primary',
  },
  // Room for the board's "Move" button in the card's top right corner.
  '& .board-card .task-card': { pr: 4.5 },
  '& .task-card__project': {
    ...theme.typography.caption,
    display: 'block',
    m: 0,
    color: 'text.secondary',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .task-card__title': {
    ...theme.typography.body2,
    fontWeight: 600,
    wordBreak: 'break-word',
    display: 'block',
    width: '100%',
    minHeight: 24,
    m: 0,
    p: 0,
    border: 0,
    borderRadius: 0.5,
    bgcolor: 'transparent',
    color: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    '&:hover': { color: 'primary.main' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
  // Issue 26: the task's labels, small chips in white on their colour, wrapping.
  '& .task-card__labels': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 0.5,
    listStyle: 'none',
    m: 0,
    mt: 0.5,
    p: 0,
  },
  '& .task-card__labels li': {
    ...theme.typography.caption,
    lineHeight: '18px',
    fontWeight: 500,
    px: 0.75,
    borderRadius: 1,
    color: 'common.white',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .task-card__meta': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: 1,
    rowGap: 0.5,
    mt: 1,
  },
  '& .task-card__priority': {
    ...theme.typography.body2,
    fontSize: '0.8125rem',
    lineHeight: '22px',
    height: 24,
    px: '7px',
    borderRadius: '12px',
    border: 1,
    borderColor: theme.palette.mode === 'light' ? 'grey.400' : 'grey.700',
    color: 'text.primary',
    whiteSpace: 'nowrap',
    // The border carries the colour; the label stays in the body text colour, which reads on any
    // background (warning and info outlines' own colours fall under 4.5:1 on white).
    ...Object.fromEntries(
      Object.entries(PRIORITY_COLORS)
        .filter(([, color]) => color && color !== 'default')
        .map(([name, color]) => [`&[data-priority="${name}"]`, { borderColor: `${color}.main` }]),
    ),
  },
  '& .task-card__due, & .task-card__progress, & .task-card__key': {
    ...theme.typography.caption,
    color: 'text.secondary',
  },
  '& .task-card__key': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  // Issue 26: the custom fields shown on cards, "Risk: High".
  '& .task-card__fields': { display: 'flex', flexWrap: 'wrap', gap: 0.5, marginTop: 0.5 },
  '& .task-card__field': { ...theme.typography.caption, color: 'text.secondary', overflowWrap: 'anywhere' },
  '& .task-card__due[data-overdue]': { color: 'error.main' },
  '& .task-card__progress': { display: 'inline-flex', alignItems: 'center', gap: 0.25 },
  '& .task-card__progress svg': { width: 16, height: 16, fill: 'currentColor' },
  // Issue 26: blocked by an open task (the label says by how many).
  '& .task-card__blocked': {
    ...theme.typography.caption,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.25,
    fontWeight: 600,
    color: 'error.main',
    whiteSpace: 'nowrap',
  },
  '& .task-card__blocked svg': { width: 16, height: 16, fill: 'currentColor' },
  '& .task-card__repeat': { display: 'inline-flex', color: 'text.secondary' },
  '& .task-card__repeat svg': { width: 16, height: 16, fill: 'currentColor' },
  '& .task-card__people': { display: 'flex', flex: 1, justifyContent: 'flex-end' },
  '& .task-card__avatar': {
    width: AVATAR_PX,
    height: AVATAR_PX,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    boxSizing: 'content-box',
    borderRadius: '50%',
    border: 2,
    borderColor: 'background.paper',
    ml: '-6px',
    color: 'common.white',
    bgcolor: 'grey.700',
    fontSize: AVATAR_PX * 0.4,
    fontWeight: 600,
    fontFamily: theme.typography.fontFamily,
    objectFit: 'cover',
    userSelect: 'none',
    '&:first-of-type': { ml: 0 },
  },
});

/** A task on the board: title (opens the detail), priority, due date, subtasks and assignees. */
export const TaskCard = memo(function TaskCard({
  item: task,
  showProject = false,
}: {
  item: Task;
  showProject?: boolean;
}) {
  const open = useOpenTask();
  const people = task.assignees;
  const shown = people.length > CARD_AVATARS ? people.slice(0, CARD_AVATARS - 1) : people;
  const more = people.length - shown.length;
  return (
    <div className="task-card">
      {showProject && <p className="task-card__project">{task.projectName}</p>}
      <button type="button" className="task-card__title" onClick={() => open(task.taskId)}>
        {task.title}
      </button>
      {task.labels.length > 0 && (
        <ul className="task-card__labels" aria-label={LABEL_MESSAGES.title}>
          {task.labels.map((l) => (
            <li key={l.labelId} style={{ backgroundColor: LABEL_COLOR_VALUES[l.color] }}>
              {l.name}
            </li>
          ))}
        </ul>
      )}
      <div className="task-card__meta">
        <span className="task-card__key">{task.key}</span>
        {task.blockedByOpenCount > 0 && (
          <span
            className="task-card__blocked"
            role="img"
            aria-label={blockedLabel(task.blockedByOpenCount)}
            title={blockedLabel(task.blockedByOpenCount)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={BLOCK_PATH} />
            </svg>
            Blocked
          </span>
        )}
        {task.recurring && <RepeatCardMark />}
        {task.priorityName && (
          <span className="task-card__priority" data-priority={task.priorityName}>
            {task.priorityName}
          </span>
        )}
        {task.dueDate && (
          <span className="task-card__due" data-overdue={task.isOverdue || undefined}>
            {task.isOverdue ? 'Overdue · ' : 'Due '}
            {formatDate(task.dueDate)}
          </span>
        )}
        {task.subtaskCount > 0 && (
          <span className="task-card__progress" title="Progress of the subtasks">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={CHECKLIST_PATH} />
            </svg>
            {task.progress}%
          </span>
        )}
        {people.length > 0 && (
          <span className="task-card__people" role="group" aria-label={`Assignees of ${task.title}`}>
            {shown.map((p) => (
              <CardAvatar key={p.userId} person={p} />
            ))}
            {more > 0 && (
              <span
                className="task-card__avatar"
                role="img"
                aria-label={`${more} more`}
                title={`${more} more`}
              >
                +{more}
              </span>
            )}
          </span>
        )}
      </div>
      {hasFieldValues(task) && <CardFields task={task} />}
    </div>
  );
});

/** The company's custom fields, for the cards below (`CardFieldsProvider`). */
const CardFieldsContext = createContext<readonly CustomField[] | undefined>(undefined);

/**
 * Reads the company's custom fields once for all the cards below, when `needed` (a card carries
 * values) and the caller does not hold them already (`fields`: a project's board has them from the
 * project's fields, read with the board, so its cards do not wait for another read). A read per
 * card was a store subscription per card: every action of the store (a live move's read and patch
 * among them) ran hundreds of them.
 */
export function CardFieldsProvider({
  needed,
  fields,
  children,
}: {
  needed: boolean;
  fields?: readonly CustomField[] | undefined;
  children: ReactNode;
}) {
  const { data } = useListCustomFieldsQuery(undefined, { skip: !needed || fields !== undefined });
  return <CardFieldsContext.Provider value={fields ?? data}>{children}</CardFieldsContext.Provider>;
}

/** Whether a task carries custom field values (its card shows those `showOnCard`). */
export const hasFieldValues = (task: Task) =>
  task.customFields !== undefined && Object.keys(task.customFields).length > 0;

/** Issue 26: the values of the fields shown on cards (`showOnCard`), "Risk: High". */
function CardFields({ task }: { task: Task }) {
  const fields = useContext(CardFieldsContext);
  const shown = (fields ?? []).flatMap((f) => {
    const text = f.showOnCard ? shownValue(f, task.customFields?.[f.fieldId], task.assignees) : '';
    return text ? [{ id: f.fieldId, text: `${f.name}: ${text}` }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="task-card__fields">
      {shown.map((f) => (
        <span key={f.id} className="task-card__field">
          {f.text}
        </span>
      ))}
    </div>
  );
}

/** Initials on the name's colour, or the photo (fetched with the token) when there is one. */
function CardAvatar({ person }: { person: Task['assignees'][number] }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const initials = initialsOf(person.firstName, person.lastName);
  const photo = resolvePhotoUrl(person.profilePhotoUrl);
  return photo ? (
    <CardPhoto url={photo} name={name} initials={initials} />
  ) : (
    <Initials name={name} initials={initials} />
  );
}

function Initials({ name, initials }: { name: string; initials: string }) {
  return (
    <span
      className="task-card__avatar"
      role="img"
      aria-label={name}
      title={name}
      style={{ backgroundColor: AVATAR_COLORS[avatarColorIndex(name)] }}
    >
      {initials}
    </span>
  );
}

/** The photo once loaded; its initials meanwhile, or if it does not load. */
function CardPhoto({ url, name, initials }: { url: string; name: string; initials: string }) {
  const src = useAuthedImage(url);
  return src ? (
    <img className="task-card__avatar" src={src} alt={name} title={name} />
  ) : (
    <Initials name={name} initials={initials} />
  );
}

/** Material's Block icon, drawn inline like the checklist. */
const BLOCK_PATH =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M4 12c0-4.42 3.58-8 8-8 1.85 0 3.55.63 4.9 1.69L5.69 16.9C4.63 15.55 4 13.85 4 12m8 8c-1.85 0-3.55-.63-4.9-1.69L18.31 7.1C19.37 8.45 20 10.15 20 12c0 4.42-3.58 8-8 8';

/** Material's ChecklistRounded icon, drawn inline (an icon component per card costs a styled component). */
const CHECKLIST_PATH =
  'M22 8c0-.55-.45-1-1-1h-7c-.55 0-1 .45-1 1s.45 1 1 1h7c.55 0 1-.45 1-1m-9 8c0 .55.45 1 1 1h7c.55 0 1-.45 1-1s-.45-1-1-1h-7c-.55 0-1 .45-1 1M10.47 4.63c.39.39.39 1.02 0 1.41l-4.23 4.25c-.39.39-1.02.39-1.42 0L2.7 8.16a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0l1.42 1.42 3.54-3.54c.38-.38 1.02-.38 1.4 0m.01 8.01c.39.39.39 1.02 0 1.41L6.25 18.3c-.39.39-1.02.39-1.42 0L2.7 16.16c-.39-.39-.39-1.02 0-1.41s1.02-.39 1.41 0l1.42 1.42 3.54-3.54c.38-.38 1.02-.38 1.41.01';

/** The card with its project's name, for boards that mix projects (My Tasks). */
export const TaskCardWithProject = memo(function TaskCardWithProject({ item }: { item: Task }) {
  return <TaskCard item={item} showProject />;
});
