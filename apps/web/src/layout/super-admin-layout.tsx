import { AppShell } from './app-shell';
import { superAdminMenu } from './menu-items';

/** The platform area of the Super Admin. */
export function SuperAdminLayout() {
  return (
    <AppShell
      menu={superAdminMenu}
      menuErrorText="Super Admin Menu Items Error"
      areaRoot="/super-admin"
      profileUrl="/super-admin/profile"
    />
  );
}
