import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DashboardStats } from '@taskhive/contract';

const monthLabel = new Intl.DateTimeFormat(undefined, { month: 'short', year: '2-digit' });

/** "2026-03" → "Mar 26". */
function labelOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return monthLabel.format(new Date(y, m - 1, 1));
}

/** New companies per month over the last twelve months. */
export function CompaniesChart({ data }: { data: DashboardStats['companiesByMonth'] }) {
  const theme = useTheme();
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: 'band', data: data.map((d) => labelOf(d.month)) }]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={[{ data: data.map((d) => d.count), label: 'New companies', color: theme.palette.primary.main }]}
      hideLegend
      borderRadius={6}
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  );
}
