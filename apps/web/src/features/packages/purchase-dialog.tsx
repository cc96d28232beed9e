import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MESSAGES, type Package } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../hooks/use-toast';
import { useIdempotencyKey } from '../../hooks/use-idempotency-key';
import { usePurchasePackageMutation } from './packages-api';

/** The Super Admin buys a package for a company (recorded as paid). */
export function PurchaseDialog({
  pkg,
  companyOptions,
  onClose,
}: {
  pkg: Package;
  companyOptions: { companyId: string; name: string }[];
  onClose: () => void;
}) {
  const toast = useToast();
  const [purchase, purchasing] = usePurchasePackageMutation();
  const [companyId, setCompanyId] = useState('');
  const idempotencyKey = useIdempotencyKey(companyId, pkg.packageId);

  async function buy() {
    try {
      await purchase({ companyId, packageId: pkg.packageId, idempotencyKey }).unwrap();
      toast.success(MESSAGES.toasts.packagePurchased);
      onClose();
    } catch (e) {
      toast.error(`${MESSAGES.toasts.purchaseFailed}${errorMessage(e)}`);
    }
  }

  return (
    <Dialog open onClose={purchasing.isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{`Purchase ${pkg.name}`}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          label="Company"
          value={companyId}
          onChange={(e) => setCompanyId(e.target.value)}
          sx={{ mt: 1 }}
        >
          {companyOptions.map((c) => (
            <MenuItem key={c.companyId} value={c.companyId}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={purchasing.isLoading}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!companyId || purchasing.isLoading} onClick={() => void buy()}>
          {purchasing.isLoading ? 'Purchasing…' : 'Purchase'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
