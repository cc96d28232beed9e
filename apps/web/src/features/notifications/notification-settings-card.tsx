import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES, type UpdateNotificationSettingsBody } from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './notifications-api';

const SWITCHES = [
  { key: 'emailOnAssigned', label: NOTIFICATION_MESSAGES.emailOnAssigned },
  { key: 'emailOnMentioned', label: NOTIFICATION_MESSAGES.emailOnMentioned },
] as const;

/** The signed-in user's email switches (the in-app notifications always come). */
export function NotificationSettingsCard() {
  const toast = useToast();
  const { data, isLoading, isError } = useNotificationSettingsQuery();
  const [update] = useUpdateNotificationSettingsMutation();

  const onChange = async (body: UpdateNotificationSettingsBody) => {
    try {
      await update(body).unwrap();
      toast.success(NOTIFICATION_MESSAGES.settingsUpdated);
    } catch (err) {
      toast.error(errorMessage(err, NOTIFICATION_MESSAGES.settingsFailed));
    }
  };

  return (
    <MainCard
      title={NOTIFICATION_MESSAGES.settingsTitle}
      subheader="In-app notifications always show in the bell"
    >
      {isLoading ? (
        <Skeleton variant="rounded" height={72} />
      ) : isError || !data ? (
        <Typography role="alert" color="error">
          {NOTIFICATION_MESSAGES.fetchFailed}
        </Typography>
      ) : (
        <FormGroup>
          {SWITCHES.map((s) => (
            <FormControlLabel
              key={s.key}
              label={s.label}
              control={
                <Switch
                  checked={data[s.key]}
                  onChange={(e) => void onChange({ [s.key]: e.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </MainCard>
  );
}
