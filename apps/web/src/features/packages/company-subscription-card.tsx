import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ACCESS_LEVELS, type AccessLevel, MESSAGES, PAGE_SIZE } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { useIdempotencyKey } from '../../hooks/use-idempotency-key';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import {
  useAssignCompanyModuleMutation,
  useCompanyModulesQuery,
  useCompanyPackagesQuery,
  useListPackagesQuery,
  usePurchasePackageMutation,
  useRevokeCompanyModuleMutation,
  useSetCompanyModuleLevelMutation,
} from './packages-api';

export interface CompanySubscriptionCardProps {
  companyId: string;
  /** Super Admin: assign, change and revoke module grants. */
  manageModules: boolean;
  /** Who may buy a package for this company (its Company Admin, the Super Admin). */
  canPurchase: boolean;
  /** Modules that can be assigned (composed in by the app: the module catalogue is another feature's). */
  moduleOptions?: { moduleId: string; name: string }[];
}

/** A company's subscription: purchased packages and granted modules with their access levels. */
export function CompanySubscriptionCard({
  companyId,
  manageModules,
  canPurchase,
  moduleOptions = [],
}: CompanySubscriptionCardProps) {
  const toast = useToast();
  const modules = useCompanyModulesQuery(companyId);
  const purchases = useCompanyPackagesQuery(companyId);
  const catalogue = useListPackagesQuery(
    { page: 1, pageSize: PAGE_SIZE.packages, status: 'active', sortBy: 'monthlyPrice' },
    { skip: !canPurchase },
  );
  const [purchase, purchasing] = usePurchasePackageMutation();
  const [assign, assigning] = useAssignCompanyModuleMutation();
  const [setLevel, changing] = useSetCompanyModuleLevelMutation();
  const [revoke, revoking] = useRevokeCompanyModuleMutation();
  const [packageId, setPackageId] = useState('');
  const idempotencyKey = useIdempotencyKey(companyId, packageId);
  const [moduleId, setModuleId] = useState('');
  const [revokeTarget, setRevokeTarget] = useState<{ moduleId: string; name: string } | null>(null);
  const [levelTarget, setLevelTarget] = useState<{
    moduleId: string;
    name: string;
    accessLevel: AccessLevel;
  } | null>(null);

  const granted = new Set((modules.data ?? []).map((m) => m.moduleId));
  const assignable = moduleOptions.filter((m) => !granted.has(m.moduleId));

  async function buy() {
    try {
      await purchase({ companyId, packageId, idempotencyKey }).unwrap();
      toast.success(MESSAGES.toasts.packagePurchased);
      setPackageId('');
    } catch (e) {
      toast.error(`${MESSAGES.toasts.purchaseFailed}${errorMessage(e)}`);
    }
  }

  async function assignModule() {
    try {
      await assign({ companyId, moduleId, accessLevel: 'full' }).unwrap();
      toast.success(MESSAGES.modules.assigned);
      setModuleId('');
    } catch (e) {
      toast.error(`${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}`);
    }
  }

  async function changeLevel(target: string, accessLevel: AccessLevel) {
    try {
      await setLevel({ companyId, moduleId: target, accessLevel }).unwrap();
      toast.success(MESSAGES.modules.accessUpdated);
    } catch (e) {
      toast.error(`${MESSAGES.toasts.assignmentFailed}${errorMessage(e)}`);
    } finally {
      setLevelTarget(null);
    }
  }

  /** Narrowing a grant to read or write takes rights away from people at once: ask first. */
  function pickLevel(target: { moduleId: string; name: string }, value: string) {
    const accessLevel = ACCESS_LEVELS.find((l) => l === value);
    if (!accessLevel) return;
    if (accessLevel === 'full') void changeLevel(target.moduleId, accessLevel);
    else setLevelTarget({ ...target, accessLevel });
  }

  async function confirmRevoke() {
    if (!revokeTarget) return;
    try {
      await revoke({ companyId, moduleId: revokeTarget.moduleId }).unwrap();
      toast.success(MESSAGES.modules.revoked);
    } catch {
      toast.error(MESSAGES.toasts.revocationFailed);
    } finally {
      setRevokeTarget(null);
    }
  }

  return (
    <MainCard title="Subscription" subheader="Packages bought and the modules they grant">
      <Stack spacing={2.5}>
        <section aria-label="Purchased packages">
          <Typography variant="subtitle2" gutterBottom>
            Packages
          </Typography>
          {purchases.isLoading && <LinearProgress />}
          {purchases.isError && (
            <ErrorPanel message={errorMessage(purchases.error)} onRetry={() => void purchases.refetch()} />
          )}
          {purchases.data && purchases.data.length === 0 && (
            <Typography color="text.secondary">No package bought yet.</Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(purchases.data ?? []).map((p) => (
              <Chip
                key={p.purchaseId}
                label={`${p.packageName} · ${formatDate(p.purchasedAt)} · ${p.paymentStatus}`}
                variant="outlined"
              />
            ))}
          </Stack>
          {canPurchase && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <TextField
                select
                size="small"
                label="Package"
                value={packageId}
                onChange={(e) => setPackageId(e.target.value)}
                sx={{ minWidth: 220 }}
                slotProps={{ htmlInput: { 'aria-label': 'Package to buy' } }}
              >
                {(catalogue.data?.items ?? []).map((p) => (
                  <MenuItem key={p.packageId} value={p.packageId}>
                    {p.name} ({p.monthlyPrice} {p.currency}/month)
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                disabled={!packageId || purchasing.isLoading}
                onClick={() => void buy()}
              >
                {purchasing.isLoading ? 'Purchasing…' : 'Purchase'}
              </Button>
            </Stack>
          )}
        </section>

        <section aria-label="Granted modules">
          <Typography variant="subtitle2" gutterBottom>
            Modules
          </Typography>
          {modules.isLoading && <LinearProgress />}
          {modules.isError && (
            <ErrorPanel message={errorMessage(modules.error)} onRetry={() => void modules.refetch()} />
          )}
          {modules.data && modules.data.length === 0 && (
            <Typography color="text.secondary">No module granted.</Typography>
          )}
          {modules.data && modules.data.length > 0 && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Module</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Access level</TableCell>
                  <TableCell>Assigned</TableCell>
                  {manageModules && <TableCell align="right">Revoke</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {modules.data.map((m) => (
                  <TableRow key={m.moduleId} data-testid={`company-module-${m.key}`}>
                    <TableCell>{m.name}</TableCell>
                    <TableCell>{m.category}</TableCell>
                    <TableCell>
                      {manageModules ? (
                        <TextField
                          select
                          size="small"
                          value={m.accessLevel}
                          disabled={changing.isLoading}
                          onChange={(e) => pickLevel(m, e.target.value)}
                          slotProps={{ htmlInput: { 'aria-label': `Access level of ${m.name}` } }}
                        >
                          {ACCESS_LEVELS.map((l) => (
                            <MenuItem key={l} value={l}>
                              {l}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        <Chip size="small" label={m.accessLevel} />
                      )}
                    </TableCell>
                    <TableCell>{formatDate(m.assignedAt)}</TableCell>
                    {manageModules && (
                      <TableCell align="right">
                        <Tooltip title={`Revoke ${m.name}`}>
                          <IconButton
                            aria-label={`Revoke ${m.name}`}
                            onClick={() => setRevokeTarget({ moduleId: m.moduleId, name: m.name })}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {manageModules && assignable.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <TextField
                select
                size="small"
                label="Module"
                value={moduleId}
                onChange={(e) => setModuleId(e.target.value)}
                sx={{ minWidth: 220 }}
                slotProps={{ htmlInput: { 'aria-label': 'Module to assign' } }}
              >
                {assignable.map((m) => (
                  <MenuItem key={m.moduleId} value={m.moduleId}>
                    {m.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!moduleId || assigning.isLoading}
                onClick={() => void assignModule()}
              >
                {assigning.isLoading ? 'Assigning…' : 'Assign'}
              </Button>
            </Stack>
          )}
        </section>
      </Stack>
      <ConfirmDialog
        open={revokeTarget !== null}
        title="Revoke module"
        confirmLabel="Revoke"
        busy={revoking.isLoading}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevokeTarget(null)}
      >
        {`Revoke ${revokeTarget?.name ?? ''} from this company? Its people lose what it allows at once.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={levelTarget !== null}
        title="Change access level"
        confirmLabel="Change"
        busy={changing.isLoading}
        onConfirm={() => levelTarget && void changeLevel(levelTarget.moduleId, levelTarget.accessLevel)}
        onClose={() => setLevelTarget(null)}
      >
        {`Give this company ${levelTarget?.accessLevel ?? ''} access to ${levelTarget?.name ?? ''}? Its people lose what that level does not allow at once.`}
      </ConfirmDialog>
    </MainCard>
  );
}
