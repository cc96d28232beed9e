import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_DURATION_MS } from '@taskhive/contract';
import { toastActions } from '../app/slices/toast-slice';
import { useAppDispatch, useAppSelector } from '../hooks/store';

/** Shows queued toasts one at a time, top-center, for TOAST_DURATION_MS. */
export function Toaster() {
  const dispatch = useAppDispatch();
  const toast = useAppSelector((s) => s.toast.queue[0]);
  const close = () => {
    if (toast) dispatch(toastActions.toastDismissed(toast.id));
  };
  return (
    <Snackbar
      key={toast?.id}
      open={Boolean(toast)}
      autoHideDuration={TOAST_DURATION_MS}
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
          sx={{ width: '100%', minWidth: 280 }}
        >
          {toast.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
