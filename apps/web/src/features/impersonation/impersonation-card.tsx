import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMPERSONATION_MESSAGES,
  IMPERSONATION_REASON_MAX,
  IMPERSONATION_TTL_SECONDS,
  impersonateBodySchema,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useStartImpersonationMutation } from './impersonation-api';
import { useSwitchSession } from './use-switch-session';

/**
 * The Super Admin's "Act as admin" on a company page: a reason (recorded in the company's audit
 * log), then the company's screens as its Company Admin, for at most the contract's limit.
 */
export function ImpersonationCard({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [start, { isLoading }] = useStartImpersonationMutation();
  const switchTo = useSwitchSession();
  const toast = useToast();
  const minutes = Math.round(IMPERSONATION_TTL_SECONDS / 60);

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = async () => {
    const parsed = impersonateBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? IMPERSONATION_MESSAGES.reasonRequired);
      return;
    }
    try {
      const session = await start({ companyId, reason: parsed.data.reason }).unwrap();
      toast.success(`${IMPERSONATION_MESSAGES.started}: ${session.impersonation.actingAs.name}`);
      await switchTo(session, '/app/dashboard');
    } catch (e) {
      const field = fieldErrors(e).reason;
      if (field) setError(field);
      else {
        toast.error(errorMessage(e));
        close();
      }
    }
  };

  return (
    <MainCard title="Support access">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Act as this company&apos;s Company Admin to help them, for at most {minutes} minutes. Everything you
        do is recorded in the company&apos;s audit log as done by you on the admin&apos;s behalf; passwords,
        sessions and tokens stay out of reach.
      </Typography>
      <Button variant="outlined" startIcon={<SupportAgentOutlined />} onClick={() => setOpen(true)}>
        {IMPERSONATION_MESSAGES.actAs}
      </Button>
      <FormDialog
        open={open}
        title={IMPERSONATION_MESSAGES.actAs}
        submitLabel={IMPERSONATION_MESSAGES.actAs}
        busy={isLoading}
        onSubmit={() => void submit()}
        onClose={close}
      >
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          required
          label={IMPERSONATION_MESSAGES.reasonLabel}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={
            error ?? `${IMPERSONATION_MESSAGES.reasonHelp} (${reason.length}/${IMPERSONATION_REASON_MAX})`
          }
          slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_MAX } }}
        />
      </FormDialog>
    </MainCard>
  );
}
