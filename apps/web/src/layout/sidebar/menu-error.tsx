import Typography from '@mui/material/Typography';
import { useSidebar } from './sidebar-context';

/** What an entry of an unknown type shows. */
export function MenuError() {
  const { errorText } = useSidebar();
  return (
    <Typography component="li" variant="h6" color="error" align="center" sx={{ py: 1, listStyle: 'none' }}>
      {errorText}
    </Typography>
  );
}
