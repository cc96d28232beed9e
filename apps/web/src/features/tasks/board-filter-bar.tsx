import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BOARD_MESSAGES, type BoardDueFilter, type CustomField, type Person } from '@taskhive/contract';
import { memo, useState } from 'react';
import { useListTaskPrioritiesQuery } from '../../api/task-statuses-api';
import { CustomFieldFilter } from './custom-field-columns';
import { AddressSearchField } from '../../components/address-search-field';
import { LabelFilter } from '../../components/label-filter';
import { activeFilters, type BoardGroup, type BoardView } from './board-view';

const SEARCH_DEBOUNCE_MS = 300;

const DUE_OPTIONS: { value: BoardDueFilter | ''; label: string }[] = [
  { value: '', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'week', label: 'Due this week' },
  { value: 'none', label: 'No due date' },
];
const GROUP_OPTIONS: { value: BoardGroup; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'assignee', label: 'Assignee' },
  { value: 'priority', label: 'Priority' },
];

const personName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();

export interface BoardFilterBarProps {
  view: BoardView;
  update: (patch: Partial<BoardView>, opts?: { replace?: boolean }) => void;
  clear: () => void;
  /** The project's members: who a card may be assigned to. */
  people: readonly Person[];
  /** Cards the filters hide (every column's). */
  hidden: number;
  /** The project's enabled custom fields (issue 26): one of them can filter the cards. */
  fields?: readonly CustomField[];
}

/**
 * The board's filters (assignee, priority, due date, title or key) and its grouping, as Linear and
 * Jira put them above a board: a row of compact selects at desktop width; on a phone one "Filters"
 * button (with the count of filters set) that opens them in a dialog. While a filter is set, the
 * bar says how many cards it hides and offers "Clear filters".
 * Memoised: a change of the board's cards (a live move) re-renders the board, not its filters.
 */
export const BoardFilterBar = memo(function BoardFilterBar({
  view,
  update,
  clear,
  people,
  hidden,
  fields = [],
}: BoardFilterBarProps) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const count = activeFilters(view);
  const controls = (
    <FilterControls view={view} update={update} people={people} fields={fields} stacked={phone} />
  );
  const summary =
    count > 0 ? (
      <>
        <Typography variant="body2" color="text.secondary" role="status" data-testid="board-hidden-count">
          {BOARD_MESSAGES.hidden(hidden)}
        </Typography>
        <Button size="small" onClick={clear}>
          {BOARD_MESSAGES.clearFilters}
        </Button>
      </>
    ) : null;
  if (!phone) {
    return (
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        role="search"
        aria-label="Board filters"
      >
        {controls}
        {summary}
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Badge badgeContent={count} color="primary">
        <Button
          variant="outlined"
          size="small"
          startIcon={<FilterListIcon />}
          onClick={() => setOpen(true)}
          aria-label={count ? `${BOARD_MESSAGES.filters}, ${count} set` : BOARD_MESSAGES.filters}
        >
          {BOARD_MESSAGES.filters}
        </Button>
      </Badge>
      {summary}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby="board-filters-title">
        <DialogTitle id="board-filters-title">{BOARD_MESSAGES.filters}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }} role="search" aria-label="Board filters">
            {controls}
          </Stack>
        </DialogContent>
        <DialogActions>
          {count > 0 && <Button onClick={clear}>{BOARD_MESSAGES.clearFilters}</Button>}
          <Button variant="contained" onClick={() => setOpen(false)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
});

function FilterControls({
  view,
  update,
  people,
  fields,
  stacked,
}: Pick<BoardFilterBarProps, 'view' | 'update' | 'people'> & {
  fields: readonly CustomField[];
  stacked: boolean;
}) {
  const { data: priorities = [] } = useListTaskPrioritiesQuery();
  const width = stacked ? '100%' : 180;
  return (
    <>
      {/* The URL follows once typing stops (one history entry, replaced). */}
      <AddressSearchField
        value={view.q}
        onSearch={(q) => update({ q }, { replace: true })}
        label="Search cards"
        placeholder="Title or key"
        debounceMs={SEARCH_DEBOUNCE_MS}
        sx={{ width: stacked ? '100%' : 220 }}
      />
      <TextField
        select
        size="small"
        label="Assignee"
        value={view.assignee}
        onChange={(e) => update({ assignee: e.target.value })}
        sx={{ width }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Anyone</MenuItem>
        <MenuItem value="me">Me</MenuItem>
        <MenuItem value="none">{BOARD_MESSAGES.unassigned}</MenuItem>
        {people.map((p) => (
          <MenuItem key={p.userId} value={p.userId}>
            {personName(p)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Priority"
        value={priorities.length || !view.priority || view.priority === 'none' ? view.priority : ''}
        onChange={(e) => update({ priority: e.target.value })}
        sx={{ width }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Any priority</MenuItem>
        {priorities.map((p) => (
          <MenuItem key={p.priorityId} value={p.priorityId}>
            {p.name}
          </MenuItem>
        ))}
        <MenuItem value="none">{BOARD_MESSAGES.noPriority}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="Due"
        value={view.due}
        onChange={(e) => update({ due: DUE_OPTIONS.find((o) => o.value === e.target.value)?.value ?? '' })}
        sx={{ width }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {DUE_OPTIONS.map((o) => (
          <MenuItem key={o.value || 'any'} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <LabelFilter
        value={view.labels ? view.labels.split(',') : []}
        onChange={(ids) => update({ labels: ids.join(',') })}
        width={width}
      />
      <CustomFieldFilter
        fields={fields}
        people={people}
        value={view.cf}
        onChange={(cf) => update({ cf })}
        sx={{ width }}
      />
      <TextField
        select
        size="small"
        label="Group by"
        value={view.group}
        onChange={(e) =>
          update({ group: GROUP_OPTIONS.find((o) => o.value === e.target.value)?.value ?? 'none' })
        }
        sx={{ width: stacked ? '100%' : 150 }}
      >
        {GROUP_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
