import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, MESSAGES, type CompanyDetail } from '@taskhive/contract';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { ErrorPanel } from '../../components/error-panel';
import { FilePickButton } from '../../components/file-pick-button';
import { MainCard } from '../../components/main-card';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import {
  useApproveCompanyMutation,
  useGetCompanyQuery,
  useSetCompanyStatusMutation,
  useUploadCompanyLogoMutation,
} from './companies-api';
import { CompanyDocumentsCard } from './company-documents-card';
import { CompanyFormDialog } from './company-form-dialog';
import { CompanyProfileCard } from './company-profile-card';
import { CompanyLogo } from './company-logo';
import { CompanyStatusChips } from './company-status-chips';
import { CompanyUsersCard } from './company-users-card';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </div>
  );
}

/** The Super Admin's approve and activate/deactivate buttons. */
function PlatformActions({ company }: { company: CompanyDetail }) {
  const toast = useToast();
  const [approve, approving] = useApproveCompanyMutation();
  const [setStatus, setting] = useSetCompanyStatusMutation();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.companies.updateFailed));
    }
  };
  const busy = approving.isLoading || setting.isLoading;
  return (
    <>
      {!company.isApproved && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void run(() => approve(company.companyId).unwrap(), MESSAGES.companies.approved)}
        >
          Approve
        </Button>
      )}
      <Button
        variant="outlined"
        color={company.isActive ? 'error' : 'success'}
        disabled={busy}
        onClick={() =>
          void run(
            () => setStatus({ id: company.companyId, body: { isActive: !company.isActive } }).unwrap(),
            MESSAGES.companies.statusUpdated,
          )
        }
      >
        {company.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </>
  );
}

/**
 * A company's profile: logo, details, roles and documents, and for the Super Admin its users and
 * status actions. What may be changed follows the signed-in user's rights.
 */
export function CompanyProfile({ companyId, extra }: { companyId: string; extra?: ReactNode }) {
  const toast = useToast();
  const { can, superAdmin, companyId: ownCompanyId } = useSession();
  const { currentData: company, error, isLoading, refetch } = useGetCompanyQuery(companyId);
  const [uploadLogo, logoUpload] = useUploadCompanyLogoMutation();
  const [editing, setEditing] = useState(false);

  const canEdit = can({ anyOf: ['company:update'] }) && (superAdmin || companyId === ownCompanyId);
  const platform = superAdmin && can({ allOf: ['company:read:all', 'company:update'] });

  if (error) {
    const missing = errorStatus(error) === 404;
    return (
      <ErrorPanel
        title={missing ? 'Company not found' : 'Something went wrong'}
        message={missing ? 'This company does not exist or is not yours to see.' : errorMessage(error)}
        onRetry={missing ? undefined : () => void refetch()}
      />
    );
  }
  if (isLoading || !company) {
    return (
      <Stack spacing={2.5} aria-busy="true" aria-label="Loading company">
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }

  const onLogo = async (file: File) => {
    try {
      await uploadLogo({ id: company.companyId, file }).unwrap();
      toast.success(MESSAGES.companies.logoUploaded);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.toasts.uploadFailed));
    }
  };

  return (
    <Stack spacing={2.5}>
      <MainCard>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2.5}
          sx={{ alignItems: { xs: 'flex-start', md: 'center' } }}
        >
          <CompanyLogo name={company.name} logoUrl={company.companyLogoUrl} size={96} />
          <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Typography>
            <CompanyStatusChips isActive={company.isActive} isApproved={company.isApproved} />
            <Typography variant="body2" color="text.secondary">
              {company.industry ?? 'No industry given'} · {company.userCount}{' '}
              {company.userCount === 1 ? 'user' : 'users'} · updated {formatDate(company.updatedAt, true)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canEdit && (
              <FilePickButton
                accept={IMAGE_MIME_TYPES}
                maxBytes={IMAGE_MAX_BYTES}
                inputLabel="Company logo file"
                onFile={(f) => void onLogo(f)}
                onRefused={(reason) => toast.error(reason)}
                startIcon={<PhotoCameraOutlined />}
                disabled={logoUpload.isLoading}
              >
                {logoUpload.isLoading ? 'Uploading…' : 'Upload logo'}
              </FilePickButton>
            )}
            {canEdit && (
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit details
              </Button>
            )}
            {platform && <PlatformActions company={company} />}
          </Stack>
        </Stack>
      </MainCard>

      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <MainCard title="Details">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Email">
                  {company.email && (
                    <Link href={`mailto:${company.email}`} underline="hover">
                      {company.email}
                    </Link>
                  )}
                </Field>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Phone">{company.phone}</Field>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Website">
                  {company.website && (
                    <Link href={company.website} target="_blank" rel="noreferrer" underline="hover">
                      {company.website}
                    </Link>
                  )}
                </Field>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Industry">{company.industry}</Field>
              </Grid>
              <Grid size={12}>
                <Field label="Address">{company.address}</Field>
              </Grid>
              <Grid size={12}>
                <Field label="About">{company.description}</Field>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Created">{formatDate(company.createdAt)}</Field>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field label="Approved">
                  {company.approvedAt ? formatDate(company.approvedAt) : 'Not yet'}
                </Field>
              </Grid>
              <Grid size={12}>
                <Field label="Company roles">
                  <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                    {company.companyRoles.map((r) => (
                      <Chip
                        key={r.companyRoleId}
                        size="small"
                        label={r.defaultRole ? `${r.roleName} (default)` : r.roleName}
                        variant={r.isActive ? 'filled' : 'outlined'}
                      />
                    ))}
                  </Stack>
                </Field>
              </Grid>
              {!superAdmin && can({ allOf: ['employee:read:all', 'company:read'] }) && (
                <Grid size={12}>
                  <Button component={RouterLink} to="/app/employee" size="small">
                    Manage employees
                  </Button>
                </Grid>
              )}
            </Grid>
          </MainCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2.5}>
            <CompanyProfileCard company={company} canEdit={canEdit} />
            <CompanyDocumentsCard
              companyId={company.companyId}
              documents={company.documents}
              canEdit={canEdit}
            />
          </Stack>
        </Grid>
        {superAdmin && can({ anyOf: ['company:read:all'] }) && (
          <Grid size={12}>
            <CompanyUsersCard companyId={company.companyId} />
          </Grid>
        )}
        {extra && <Grid size={12}>{extra}</Grid>}
      </Grid>
      {editing && <CompanyFormDialog open company={company} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
