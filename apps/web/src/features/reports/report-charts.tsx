import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { HoursReport, UserTasksByStatus } from '@taskhive/contract';

/**
 * Tasks per status, each bar in its status colour (the company's, from the API). On a phone the
 * bars lie down, the status names one under the other: side by side under standing bars, every
 * other name would not fit and the chart would leave it out.
 */
export function TasksByStatusChart({ items }: { items: UserTasksByStatus['items'] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const statusAxis = {
    scaleType: 'band' as const,
    data: items.map((i) => i.statusName),
    colorMap: {
      type: 'ordinal' as const,
      values: items.map((i) => i.statusName),
      colors: items.map((i) => i.color ?? theme.palette.grey[500]),
    },
  };
  const series = [{ data: items.map((i) => i.taskCount), label: 'Tasks' }];
  if (phone) {
    return (
      <BarChart
        height={Math.max(200, items.length * 40)}
        layout="horizontal"
        yAxis={[{ ...statusAxis, width: 96 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={series}
        hideLegend
        borderRadius={6}
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
      />
    );
  }
  return (
    <BarChart
      height={280}
      xAxis={[statusAxis]}
      yAxis={[{ tickMinStep: 1, width: 36 }]}
      series={series}
      hideLegend
      borderRadius={6}
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  );
}

export function HoursByProjectChart({ data }: { data: HoursReport['byProject'] }) {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(160, data.length * 44)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: data.map((p) => p.projectName), width: 140 }]}
      series={[{ data: data.map((p) => p.hours), label: 'Hours', color: theme.palette.primary.main }]}
      hideLegend
      borderRadius={6}
      margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
    />
  );
}

export function HoursByDayChart({ data }: { data: HoursReport['byDay'] }) {
  const theme = useTheme();
  return (
    <LineChart
      height={260}
      xAxis={[{ scaleType: 'point', data: data.map((d) => d.day.slice(5)) }]}
      yAxis={[{ width: 36 }]}
      series={[
        {
          data: data.map((d) => d.hours),
          label: 'Hours',
          color: theme.palette.secondary.main,
          area: true,
          showMark: false,
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 16, top: 16, bottom: 0 }}
    />
  );
}
