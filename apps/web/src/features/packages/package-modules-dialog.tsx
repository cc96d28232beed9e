import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { MESSAGES, PLATFORM_MODULE_KEY, type Package } from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../hooks/use-toast';
import {
  useAddPackageModuleMutation,
  usePackageModulesQuery,
  useRemovePackageModuleMutation,
} from './packages-api';

/** The modules a package carries, ticked on and off; never Platform Administration (the platform's own). */
export function PackageModulesDialog({
  pkg,
  moduleOptions,
  onClose,
}: {
  pkg: Package;
  moduleOptions: { moduleId: string; name: string; key?: string }[];
  onClose: () => void;
}) {
  const toast = useToast();
  const current = usePackageModulesQuery(pkg.packageId);
  const [add, adding] = useAddPackageModuleMutation();
  const [remove, removing] = useRemovePackageModuleMutation();
  const held = new Set((current.data ?? []).map((m) => m.moduleId));
  const busy = adding.isLoading || removing.isLoading;

  async function toggle(moduleId: string, on: boolean) {
    try {
      if (on) await add({ id: pkg.packageId, moduleId }).unwrap();
      else await remove({ id: pkg.packageId, moduleId }).unwrap();
      toast.success(on ? MESSAGES.packages.moduleAdded : MESSAGES.packages.moduleRemoved);
    } catch (e) {
      toast.error(
        on ? `${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}` : MESSAGES.toasts.removalFailed,
      );
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Modules of ${pkg.name}`}</DialogTitle>
      <DialogContent>
        {current.isLoading && <LinearProgress />}
        <Stack>
          {moduleOptions
            .filter((m) => m.key !== PLATFORM_MODULE_KEY)
            .map((m) => (
              <FormControlLabel
                key={m.moduleId}
                label={m.name}
                control={
                  <Checkbox
                    checked={held.has(m.moduleId)}
                    disabled={busy || current.isLoading}
                    onChange={(e) => void toggle(m.moduleId, e.target.checked)}
                  />
                }
              />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
