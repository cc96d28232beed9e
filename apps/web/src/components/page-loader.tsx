import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { PAGE_LOADING_BAR_Z_INDEX } from '@taskhive/contract';

/** The thin bar at the top of the screen while a page (or the session) loads. */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: PAGE_LOADING_BAR_Z_INDEX }}>
      <LinearProgress color="primary" aria-label={label} sx={{ height: 3 }} />
    </Box>
  );
}
