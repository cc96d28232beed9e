import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@taskhive/contract';

/** Copyright, made-by credit and the version. */
export function Footer() {
  return (
    <Stack
      component="footer"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: 'center', pt: 3, pb: 1, color: 'text.secondary' }}
    >
      <Typography variant="caption">© {new Date().getFullYear()} Taskhive. All rights reserved.</Typography>
      <Typography variant="caption">Made with care by the Taskhive team</Typography>
      <Typography variant="caption">Version {APP_VERSION}</Typography>
    </Stack>
  );
}
