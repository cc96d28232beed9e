import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list or card shows when it has nothing yet. */
export function EmptyState({
  title,
  description,
  icon,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
}) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3, color: 'text.secondary' }}>
      {icon ?? <InboxOutlined sx={{ fontSize: 36, opacity: 0.6 }} />}
      <Typography variant="subtitle2" component="p" color="text.primary">
        {title}
      </Typography>
      {description && <Typography variant="body2">{description}</Typography>}
    </Stack>
  );
}
