import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Project, topLevelTasksLabel } from '@taskhive/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { MarkdownText } from '../../components/markdown-text';
import { PeopleAvatars } from '../../components/people-avatars';
import { StatusChip } from '../../components/status-chip';
import { formatDate } from '../../lib/format';

export const projectDates = (p: Pick<Project, 'startDate' | 'endDate'>) =>
  p.startDate || p.endDate ? `${formatDate(p.startDate)} – ${formatDate(p.endDate)}` : 'No dates';

/** A progress bar with its percentage. */
export function ProjectProgress({ value, label = 'Progress' }: { value: number; label?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`${label} ${value}%`}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ minWidth: 34, textAlign: 'right' }}>
        {value}%
      </Typography>
    </Stack>
  );
}

/** One project in the card view: status, progress, dates, members; edit/delete below. */
export function ProjectCard({ project: p, actions }: { project: Project; actions: ReactNode }) {
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="project-card"
    >
      <CardActionArea component={RouterLink} to={`/app/project-detail/${p.projectId}`} sx={{ flex: 1 }}>
        <CardContent>
          <Stack
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" color="text.secondary">
                {p.code}
              </Typography>
              <Typography variant="h5" component="h2" noWrap>
                {p.name}
              </Typography>
            </Box>
            <StatusChip name={p.statusName} color={p.statusColor} />
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 1,
              minHeight: 40,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {p.description ? <MarkdownText text={p.description} inline /> : 'No description'}
          </Typography>
          <Box sx={{ mt: 2 }}>
            <ProjectProgress value={p.progress} />
          </Box>
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary">
              {projectDates(p)} · {topLevelTasksLabel(p.taskCount)}
            </Typography>
            <PeopleAvatars people={p.projectMembers} total={p.memberCount} label={`Members of ${p.name}`} />
          </Stack>
        </CardContent>
      </CardActionArea>
      {actions && <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>{actions}</CardActions>}
    </Card>
  );
}
