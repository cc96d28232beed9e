import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ErrorPanelProps {
  title?: string;
  message: string;
  onRetry?: () => void;
}

/** A failed load: what went wrong and, where it helps, a Retry button. */
export function ErrorPanel({ title = 'Something went wrong', message, onRetry }: ErrorPanelProps) {
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{ p: { xs: 3, sm: 4 }, maxWidth: 520, mx: 'auto', textAlign: 'center' }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <ErrorOutlineRounded color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{message}</Typography>
        {onRetry && (
          <Button variant="contained" onClick={onRetry} sx={{ mt: 1 }}>
            Retry
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
