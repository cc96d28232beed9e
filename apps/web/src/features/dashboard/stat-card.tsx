import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A dashboard figure; without a value yet it says so rather than showing a made-up number. With
 * `to`, the whole card is a link to what it counts.
 */
export function StatCard({
  title,
  icon,
  value,
  text,
  caption,
  to,
}: {
  title: string;
  icon: ReactNode;
  value?: number | null;
  /** A figure already formatted (a duration), shown instead of `value`. */
  text?: string;
  caption: string;
  to?: string | undefined;
}) {
  const content = (
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 48, height: 48 }}
        >
          {icon}
        </Avatar>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {title}
          </Typography>
          <Typography variant="h3" component="p" aria-label={`${title} value`}>
            {text ?? value ?? '—'}
          </Typography>
        </Stack>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {caption}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
