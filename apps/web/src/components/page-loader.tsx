import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { PAGE_LOADING_BAR_Z_INDEX } from '@taskhive/contract';

/** A bar a third of the width, gliding across: an indeterminate progress. */
const glide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(300%); }
`;

/**
 * The thin bar at the top of the screen while a page (or the session) loads. Drawn here rather
 * than with MUI's LinearProgress: it is on the sign-in route, whose JavaScript has a budget, and
 * this needs a few lines where LinearProgress weighs about 2 KB gzip.
 */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: PAGE_LOADING_BAR_Z_INDEX,
        bgcolor: 'action.hover',
      }}
    >
      <Box
        sx={{
          width: '33%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${glide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        }}
      />
    </Box>
  );
}
