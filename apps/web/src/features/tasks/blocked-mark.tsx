import BlockRounded from '@mui/icons-material/BlockRounded';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { blockedLabel } from '@taskhive/contract';

/**
 * Issue 26: "blocked by n open tasks", as an icon (list rows) or an icon and the word Blocked (the
 * drawer). Assistive technology hears the whole label; the board's cards draw the same mark with
 * plain elements (task-card.tsx).
 */
export function BlockedMark({ count, withText = false }: { count: number; withText?: boolean }) {
  const label = blockedLabel(count);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="blocked-mark"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          flexShrink: 0,
          color: 'error.main',
          typography: 'caption',
          fontWeight: 600,
          alignSelf: withText ? 'flex-start' : undefined,
        }}
      >
        <BlockRounded fontSize="small" />
        {withText && label}
      </Box>
    </Tooltip>
  );
}
