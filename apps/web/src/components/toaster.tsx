import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../hooks/store';

const ToastSnackbar = lazy(() => import('./toast-snackbar'));

/**
 * The app's toasts. The snackbar loads with the first toast and stays mounted from then on (so a
 * toast's exit transition plays); until then it is not part of the sign-in route's bundle.
 */
export function Toaster() {
  const hasToast = useAppSelector((s) => s.toast.queue.length > 0);
  const [mounted, setMounted] = useState(hasToast);
  if (hasToast && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar />
    </Suspense>
  );
}
