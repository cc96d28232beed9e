import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Fragment } from 'react';
import { SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts, opened with `?` (issue 23). */
export default function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="shortcuts-help-title">
      <DialogTitle id="shortcuts-help-title">Keyboard shortcuts</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, m: 0 }}>
          {SHORTCUTS.map((s) => (
            <Fragment key={s.label}>
              <Box
                component="dt"
                sx={{ display: 'flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}
              >
                {s.keys.map((k, i) => (
                  <Fragment key={k}>
                    {i > 0 && (
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
                        {s.keys.length === 2 && s.keys[0] === 'Ctrl/⌘' ? '+' : 'then'}
                      </Box>
                    )}
                    <Box
                      component="kbd"
                      sx={{
                        fontFamily: 'monospace',
                        fontSize: 13,
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 0.5,
                        bgcolor: 'action.hover',
                      }}
                    >
                      {k}
                    </Box>
                  </Fragment>
                ))}
              </Box>
              <Box component="dd" sx={{ m: 0, alignSelf: 'center' }}>
                {s.label}
              </Box>
            </Fragment>
          ))}
        </Box>
        <Box sx={{ mt: 2, color: 'text.secondary', fontSize: 13 }}>
          Single keys do nothing while you type in a field.
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
