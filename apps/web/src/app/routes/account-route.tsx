import AccountSettingsPage from '../../features/account/account-settings-page';
import { NotificationSettingsCard } from '../../features/notifications';

/** /app/profile: the account settings with the notifications feature's email switches. */
export default function AccountRoute() {
  return <AccountSettingsPage extra={<NotificationSettingsCard />} />;
}
