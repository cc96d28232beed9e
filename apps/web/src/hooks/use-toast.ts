import { useMemo } from 'react';
import { toastActions } from '../app/slices/toast-slice';
import { useAppDispatch } from './store';

/** Toasts at top-center (spec section 2): green for success, red for errors. */
export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message: string) => dispatch(toastActions.toastShown(message, 'success')),
      error: (message: string) => dispatch(toastActions.toastShown(message, 'error')),
      info: (message: string) => dispatch(toastActions.toastShown(message, 'info')),
    }),
    [dispatch],
  );
}
