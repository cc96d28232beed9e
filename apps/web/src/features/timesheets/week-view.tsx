import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDuration, MAX_PAGE_SIZE, MESSAGES } from '@taskhive/contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { addDays, formatDay, localDay, mondayOf } from './days';
import { useListTimeLogsInfiniteQuery } from './timesheets-api';
import { TableScroll } from '../../components/table-scroll';

/**
 * One week, a row per user and a column per day with the minutes logged, and the totals. The
 * entries of one week are few (at most 24 h a day per person), read in pages of the largest size.
 */
export function WeekView() {
  const [monday, setMonday] = useState(() => mondayOf(localDay()));
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const { data, error, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useListTimeLogsInfiniteQuery({
      sortBy: 'loggedAt',
      sortOrder: 'asc',
      pageSize: MAX_PAGE_SIZE,
      loggedAtFrom: days[0],
      loggedAtTo: days[6],
    });
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const entries = data?.pages.flatMap((p) => p.items) ?? [];
  const people = new Map<string, { name: string; perDay: Map<string, number> }>();
  for (const e of entries) {
    const person = people.get(e.userId) ?? { name: e.userName, perDay: new Map<string, number>() };
    person.perDay.set(e.loggedAt, (person.perDay.get(e.loggedAt) ?? 0) + e.durationMinutes);
    people.set(e.userId, person);
  }
  const dayTotal = (day: string) => [...people.values()].reduce((n, p) => n + (p.perDay.get(day) ?? 0), 0);
  const cell = (minutes: number) => (minutes === 0 ? '—' : formatDuration(minutes));

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the week" />;
  else if (error)
    body = (
      <ErrorPanel
        message={errorMessage(error, MESSAGES.timesheets.loadFailed)}
        onRetry={() => void refetch()}
      />
    );
  else if (people.size === 0) body = <EmptyState title="Nothing logged this week" />;
  else
    body = (
      <TableScroll label="Week">
        <Table size="small" aria-label="Week">
          <TableHead>
            <TableRow>
              <TableCell>Who</TableCell>
              {days.map((d) => (
                <TableCell key={d} align="right">
                  {formatDay(d)}
                </TableCell>
              ))}
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...people.entries()].map(([id, p]) => (
              <TableRow key={id}>
                <TableCell>{p.name}</TableCell>
                {days.map((d) => (
                  <TableCell key={d} align="right">
                    {cell(p.perDay.get(d) ?? 0)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {cell([...p.perDay.values()].reduce((n, m) => n + m, 0))}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total per day</TableCell>
              {days.map((d) => (
                <TableCell key={d} align="right" sx={{ fontWeight: 600 }} data-testid={`day-total-${d}`}>
                  {cell(dayTotal(d))}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {cell(days.reduce((n, d) => n + dayTotal(d), 0))}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableScroll>
    );

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label="Previous week" onClick={() => setMonday(addDays(monday, -7))}>
          <ChevronLeftRounded />
        </IconButton>
        <Typography variant="subtitle1">Week of {formatDay(monday)}</Typography>
        <IconButton aria-label="Next week" onClick={() => setMonday(addDays(monday, 7))}>
          <ChevronRightRounded />
        </IconButton>
      </Stack>
      {body}
    </Stack>
  );
}
