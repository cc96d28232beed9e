import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_ACTION_DURATION_MS, TOAST_DURATION_MS } from '@taskhive/contract';
import { useEffect } from 'react';
import { toastActions } from '../app/slices/toast-slice';
import { useAppDispatch, useAppSelector } from '../hooks/store';
import { dropToastAction, runToastAction } from './toast-actions';

/**
 * Shows queued toasts one at a time, top-center, for TOAST_DURATION_MS. An error is outdated by
 * any toast raised after it: it goes at once (a stale red 'failed' never stands over the success
 * of the retry that followed it, nor makes it wait), while successes and notes still queue, so
 * an action that says two things says both. Each toast mounts in its own node at the end of
 * <body>, so one raised while a drawer or dialog is open is not among the siblings the modal
 * hides from assistive technology (it is announced and reachable). A toast with a button (Undo)
 * shows it beside the close button, and stays for TOAST_ACTION_DURATION_MS.
 */
export default function ToastSnackbar() {
  const dispatch = useAppDispatch();
  const queue = useAppSelector((s) => s.toast.queue);
  const toast = queue[0];
  const staleKey = queue
    .slice(0, -1)
    .filter((t) => t.severity === 'error')
    .map((t) => t.id)
    .join(',');
  useEffect(() => {
    for (const id of staleKey.split(',').filter(Boolean)) dispatch(toastActions.toastDismissed(id));
  }, [dispatch, staleKey]);
  const close = () => {
    if (!toast) return;
    if (toast.action) dropToastAction(toast.action.id);
    dispatch(toastActions.toastDismissed(toast.id));
  };
  const act = () => {
    if (!toast?.action) return;
    runToastAction(toast.action.id);
    dispatch(toastActions.toastDismissed(toast.id));
  };
  return (
    <Portal>
      <Snackbar
        key={toast?.id}
        open={Boolean(toast)}
        autoHideDuration={toast?.action ? TOAST_ACTION_DURATION_MS : TOAST_DURATION_MS}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {toast ? (
          <Alert
            onClose={close}
            severity={toast.severity}
            variant="filled"
            sx={{ width: '100%', minWidth: 280, alignItems: 'center' }}
            action={
              toast.action ? (
                <>
                  <Button color="inherit" size="small" onClick={act} sx={{ fontWeight: 700 }}>
                    {toast.action.label}
                  </Button>
                  <IconButton color="inherit" size="small" aria-label="Close" onClick={close}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              ) : undefined
            }
          >
            {toast.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Portal>
  );
}
