import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_DEFAULT_DAYS } from '@taskhive/contract';
import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The last 30 days ending today (local), the reports' default period. */
export function defaultPeriod() {
  const to = new Date();
  const from = new Date();
  from.setDate(from.getDate() - (REPORT_DEFAULT_DAYS - 1));
  return { from: dayOf(from), to: dayOf(to) };
}

/**
 * The team and member reports' state in the URL (`from`, `to` and each view's own keys), so a
 * link to a member's report, a reload and the back button keep the period.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultPeriod();
  const from = isDay(params.get('from')) ? (params.get('from') as string) : fallback.from;
  const to = isDay(params.get('to')) ? (params.get('to') as string) : fallback.to;
  // The router's address as soon as a change lands (its renders run in a transition, late on a
  // busy machine): a second click reads the first's result, not the last render's (CI: a second
  // click on a sorted header sorted ascending again instead of descending).
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  type Changes = Record<string, string | null>;
  const set = (changes: Changes | ((current: URLSearchParams) => Changes)) =>
    setParams(
      (prev) => {
        const now = dataRouter ? new URLSearchParams(dataRouter.router.state.location.search) : prev;
        const next = new URLSearchParams(now);
        const patch = typeof changes === 'function' ? changes(now) : changes;
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return { params, from, to, set };
}

/** A filter field's width: the whole line on a phone (the filters stack), its own from md. */
export const filterWidth = (md: number) => ({ width: { xs: '100%', md } });
const dateWidth = filterWidth(170);

/** From and To date fields; a day left empty is ignored. */
export function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}) {
  return (
    <>
      <TextField
        size="small"
        type="date"
        label="From"
        value={from}
        onChange={(e) => e.target.value && onChange({ from: e.target.value, to })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        sx={dateWidth}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={to}
        onChange={(e) => e.target.value && onChange({ from, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
        sx={dateWidth}
      />
    </>
  );
}

/** A row of figure cards (two per row on a phone, all in one row from md). */
export function SummaryCards({ items }: { items: { label: string; value: string | number }[] }) {
  return (
    <Grid container spacing={2}>
      {items.map((i) => (
        <Grid key={i.label} size={{ xs: 6, md: 12 / items.length }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="body2" color="text.secondary">
              {i.label}
            </Typography>
            <Typography variant="h4" component="p" aria-label={`${i.label}: ${i.value}`}>
              {i.value}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
