import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  CORE_VALUE_MAX_LENGTH,
  CORE_VALUES_MAX,
  MESSAGES,
  PROFILE_MESSAGES,
  type CompanyDetail,
  type CompanySize,
} from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { FormDialog } from '../../components/form-dialog';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useUpdateCompanyMutation } from './companies-api';

const T = PROFILE_MESSAGES;

function Statement({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>
    </div>
  );
}

/** The company's profile: vision, mission, goals, core values and size; editable with company:update. */
export function CompanyProfileCard({ company, canEdit }: { company: CompanyDetail; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const empty = !company.vision && !company.mission && !company.goals && company.coreValues.length === 0;
  return (
    <MainCard
      title={T.companyProfile}
      action={
        canEdit ? (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        <div>
          <Typography variant="caption" color="text.secondary" component="h3">
            {T.companySize}
          </Typography>
          <Typography>{company.companySize ? COMPANY_SIZE_LABELS[company.companySize] : '—'}</Typography>
        </div>
        {empty && <Typography color="text.secondary">{T.noProfile}</Typography>}
        <Statement label={T.vision} text={company.vision} />
        <Statement label={T.mission} text={company.mission} />
        <Statement label={T.goals} text={company.goals} />
        {company.coreValues.length > 0 && (
          <div>
            <Typography variant="caption" color="text.secondary" component="h3">
              {T.coreValues}
            </Typography>
            <Stack
              component="ul"
              direction="row"
              spacing={0.75}
              useFlexGap
              aria-label={T.coreValues}
              sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
            >
              {company.coreValues.map((v, i) => (
                <li key={i} style={{ maxWidth: '100%' }}>
                  <Chip label={v} color="primary" variant="outlined" sx={{ maxWidth: '100%' }} />
                </li>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
      {editing && <CompanyProfileDialog company={company} onClose={() => setEditing(false)} />}
    </MainCard>
  );
}

/** Edit the profile. Mount it fresh per use. */
export function CompanyProfileDialog({ company, onClose }: { company: CompanyDetail; onClose: () => void }) {
  const toast = useToast();
  const [update, updating] = useUpdateCompanyMutation();
  const [vision, setVision] = useState(company.vision ?? '');
  const [mission, setMission] = useState(company.mission ?? '');
  const [goals, setGoals] = useState(company.goals ?? '');
  const [size, setSize] = useState<CompanySize | ''>(company.companySize ?? '');
  const [values, setValues] = useState<string[]>(company.coreValues);
  const [celebrations, setCelebrations] = useState(company.celebrationsWidget);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    try {
      await update({
        id: company.companyId,
        body: {
          vision,
          mission,
          goals,
          companySize: size === '' ? null : size,
          // Empty rows are dropped, not refused: an added row left blank is no value.
          coreValues: values.map((v) => v.trim()).filter(Boolean),
          celebrationsWidget: celebrations,
        },
      }).unwrap();
      toast.success(MESSAGES.companies.updated);
      onClose();
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.error(errorMessage(err, MESSAGES.companies.updateFailed));
    }
  };
  const err = (key: string) => ({ error: Boolean(errors[key]), helperText: errors[key] });

  return (
    <FormDialog
      open
      title="Edit company profile"
      submitLabel="Save profile"
      busy={updating.isLoading}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <TextField
          select
          label={T.companySize}
          value={size}
          onChange={(e) => setSize(e.target.value as CompanySize | '')}
          {...err('companySize')}
        >
          <MenuItem value="">Not given</MenuItem>
          {COMPANY_SIZES.map((s) => (
            <MenuItem key={s} value={s}>
              {COMPANY_SIZE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={T.vision}
          multiline
          minRows={2}
          value={vision}
          onChange={(e) => setVision(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          {...err('vision')}
        />
        <TextField
          label={T.mission}
          multiline
          minRows={2}
          value={mission}
          onChange={(e) => setMission(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          {...err('mission')}
        />
        <TextField
          label={T.goals}
          multiline
          minRows={2}
          value={goals}
          onChange={(e) => setGoals(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          {...err('goals')}
        />
        <div>
          <Typography variant="subtitle2" component="h3">
            {T.coreValues} ({values.length}/{CORE_VALUES_MAX})
          </Typography>
          {errors.coreValues && (
            <Typography variant="caption" color="error">
              {errors.coreValues}
            </Typography>
          )}
          <Stack spacing={1} sx={{ mt: 1 }}>
            {values.map((v, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={`Core value ${i + 1}`}
                  value={v}
                  onChange={(e) => setValues(values.map((x, j) => (j === i ? e.target.value : x)))}
                  slotProps={{ htmlInput: { maxLength: CORE_VALUE_MAX_LENGTH } }}
                  {...err(`coreValues.${i}`)}
                />
                <IconButton
                  aria-label={`Remove core value ${i + 1}`}
                  onClick={() => setValues(values.filter((_, j) => j !== i))}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
            <div>
              <Button
                startIcon={<AddOutlined />}
                disabled={values.length >= CORE_VALUES_MAX}
                onClick={() => setValues([...values, ''])}
              >
                Add core value
              </Button>
            </div>
          </Stack>
        </div>
        <FormControlLabel
          control={<Switch checked={celebrations} onChange={(e) => setCelebrations(e.target.checked)} />}
          label={T.celebrationsWidget}
        />
      </Stack>
    </FormDialog>
  );
}
