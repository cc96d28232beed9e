import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
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

/** How many projects the hours chart draws (44 px a bar): the table lists the rest. */
export const HOURS_CHART_PROJECTS = 10;

/**
 * The projects with the most hours as bars, at most `HOURS_CHART_PROJECTS` of them; a caption says
 * how many are left out when there are more (of the report's `projectCount`).
 */
export function HoursByProjectChart({
  data,
  projectCount,
}: {
  data: HoursReport['byProject'];
  projectCount: number;
}) {
  const theme = useTheme();
  const shown = data.slice(0, HOURS_CHART_PROJECTS);
  const hidden = projectCount - shown.length;
  return (
    <Stack spacing={0.5}>
      <BarChart
        height={Math.max(160, shown.length * 44)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: shown.map((p) => p.projectName), width: 140 }]}
        series={[{ data: shown.map((p) => p.hours), label: 'Hours', color: theme.palette.primary.main }]}
        hideLegend
        borderRadius={6}
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
      />
      {hidden > 0 && (
        <Typography variant="caption" color="text.secondary">
          The {shown.length} projects with the most hours, of {projectCount}: the table below lists the rest.
        </Typography>
      )}
    </Stack>
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
