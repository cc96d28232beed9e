import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createCompanyBodySchema,
  MESSAGES,
  updateCompanyBodySchema,
  type CompanyDetail,
  type CreateCompanyBody,
} from '@taskhive/contract';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/password-field';
import { useToast } from '../../hooks/use-toast';
import { useZodForm } from '../../hooks/use-zod-form';
import {
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  type CreateCompanyResult,
} from './companies-api';

const admin = createCompanyBodySchema.shape.admin.shape;

/** The create form: the company's fields and its admin account, flat (the API nests `admin`). */
const createFormSchema = updateCompanyBodySchema.extend({
  name: createCompanyBodySchema.shape.name,
  adminFirstName: admin.firstName,
  adminLastName: admin.lastName,
  adminEmail: admin.email,
  adminPassword: z.union([z.literal(''), admin.password.unwrap()]),
});

/** The API names nested fields `admin.email`; the form names them `adminEmail`. */
function formErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors(error))) {
    const m = /^admin\.(\w)(\w*)$/.exec(key);
    out[m ? `admin${(m[1] ?? '').toUpperCase()}${m[2] ?? ''}` : key] = message;
  }
  return out;
}

const DETAILS = ['email', 'phone', 'website', 'industry', 'address', 'description'] as const;

function initialValues(company: CompanyDetail | undefined) {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    industry: company?.industry ?? '',
    address: company?.address ?? '',
    description: company?.description ?? '',
    adminFirstName: '',
    adminLastName: '',
    adminEmail: '',
    adminPassword: '',
  };
}

export interface CompanyFormDialogProps {
  open: boolean;
  /** Edit this company; without it the dialog creates one with its admin. */
  company?: CompanyDetail;
  onClose: () => void;
  onCreated?: (result: CreateCompanyResult) => void;
}

/** Create a company with its Company Admin, or edit a company's details. Mount it fresh per use. */
export function CompanyFormDialog({ open, company, onClose, onCreated }: CompanyFormDialogProps) {
  const toast = useToast();
  const editing = Boolean(company);
  const form = useZodForm(editing ? updateCompanyBodySchema : createFormSchema, initialValues(company));
  const [create, creating] = useCreateCompanyMutation();
  const [update, updating] = useUpdateCompanyMutation();

  const submit = async () => {
    const parsed = form.validate();
    if (!parsed) return;
    try {
      if (company) {
        await update({ id: company.companyId, body: updateCompanyBodySchema.parse(parsed) }).unwrap();
        toast.success(MESSAGES.companies.updated);
      } else {
        const v = createFormSchema.parse(form.values);
        const body: CreateCompanyBody = {
          name: v.name,
          email: v.email,
          phone: v.phone,
          website: v.website,
          industry: v.industry,
          address: v.address,
          description: v.description,
          isActive: true,
          isApproved: true,
          admin: {
            firstName: v.adminFirstName,
            lastName: v.adminLastName,
            email: v.adminEmail,
            ...(v.adminPassword ? { password: v.adminPassword } : {}),
          },
        };
        const result = await create(body).unwrap();
        toast.success(MESSAGES.companies.created);
        if (result.invitationSent)
          toast.info(`An invitation to set a password was emailed to ${v.adminEmail}.`);
        onCreated?.(result);
      }
      onClose();
    } catch (err) {
      form.setServerErrors(formErrors(err));
      toast.error(
        errorMessage(err, company ? MESSAGES.companies.updateFailed : MESSAGES.companies.createFailed),
      );
    }
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit company details' : 'New company'}
      submitLabel={editing ? 'Save changes' : 'Create company'}
      busy={creating.isLoading || updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
    >
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={12}>
          <TextField label="Company name" required autoFocus {...form.field('name')} />
        </Grid>
        {DETAILS.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: key === 'description' || key === 'address' ? 12 : 6 }}>
            <TextField
              label={key === 'email' ? 'Company email' : key[0]?.toUpperCase() + key.slice(1)}
              type={key === 'email' ? 'email' : 'text'}
              multiline={key === 'description'}
              minRows={key === 'description' ? 2 : undefined}
              {...form.field(key)}
            />
          </Grid>
        ))}
        {!editing && (
          <>
            <Grid size={12}>
              <Divider sx={{ my: 1 }} />
              <Typography variant="h6" component="h3">
                Company Admin
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Leave the password empty to email the admin an invitation to set one.
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Admin first name" required {...form.field('adminFirstName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Admin last name" required {...form.field('adminLastName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Admin email" type="email" required {...form.field('adminEmail')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField
                label="Admin password"
                autoComplete="new-password"
                {...form.field('adminPassword')}
              />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialog>
  );
}
