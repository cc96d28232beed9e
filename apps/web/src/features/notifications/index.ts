/**
 * What the rest of the app composes from the notifications feature: the settings card (account
 * page, via app/routes). The header's bell loads lazily from `./notification-bell` (its own chunk).
 */
export { NotificationSettingsCard } from './notification-settings-card';
