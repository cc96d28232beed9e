import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationKindSetting,
} from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { MainCard } from '../../components/main-card';
import { useToast } from '../../hooks/use-toast';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './notifications-api';

type Patch = { kind: NotificationKindSetting['kind']; inApp?: boolean; email?: boolean };

/**
 * The signed-in user's notification switches: one row per kind, in the app and by email, saved
 * when flipped. An email is sent for a notification, so a kind whose in-app switch is off sends
 * none either (its email switch is disabled). Three narrow columns: it fits 390 px.
 */
export function NotificationSettingsCard() {
  const toast = useToast();
  const { data, isLoading, isError } = useNotificationSettingsQuery();
  const [update] = useUpdateNotificationSettingsMutation();

  const onChange = async (patch: Patch) => {
    try {
      await update({ kinds: [patch] }).unwrap();
      toast.success(NOTIFICATION_MESSAGES.settingsUpdated);
    } catch (err) {
      toast.error(errorMessage(err, NOTIFICATION_MESSAGES.settingsFailed));
    }
  };

  return (
    <MainCard title={NOTIFICATION_MESSAGES.settingsTitle} subheader={NOTIFICATION_MESSAGES.settingsHint}>
      {isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : isError || !data ? (
        <Typography role="alert" color="error">
          {NOTIFICATION_MESSAGES.fetchFailed}
        </Typography>
      ) : (
        <Table size="small" aria-label={NOTIFICATION_MESSAGES.settingsTitle}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0 }}>{NOTIFICATION_MESSAGES.settingsKind}</TableCell>
              <TableCell align="center" sx={{ width: 72, px: 0.5 }}>
                {NOTIFICATION_MESSAGES.settingsInApp}
              </TableCell>
              <TableCell align="center" sx={{ width: 72, px: 0.5 }}>
                {NOTIFICATION_MESSAGES.settingsEmail}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.kinds.map((k) => {
              const label = NOTIFICATION_KIND_LABELS[k.kind];
              return (
                <TableRow key={k.kind} data-testid={`notification-kind-${k.kind}`}>
                  <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                    {label}
                  </TableCell>
                  <TableCell align="center" sx={{ px: 0.5 }}>
                    <Switch
                      size="small"
                      checked={k.inApp}
                      slotProps={{
                        input: { 'aria-label': `${label}: ${NOTIFICATION_MESSAGES.settingsInApp}` },
                      }}
                      onChange={(e) => void onChange({ kind: k.kind, inApp: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell align="center" sx={{ px: 0.5 }}>
                    <Switch
                      size="small"
                      checked={k.inApp && k.email}
                      disabled={!k.inApp}
                      slotProps={{
                        input: { 'aria-label': `${label}: ${NOTIFICATION_MESSAGES.settingsEmail}` },
                      }}
                      onChange={(e) => void onChange({ kind: k.kind, email: e.target.checked })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </MainCard>
  );
}
