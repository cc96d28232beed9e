import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { useListModulesQuery } from '../../features/modules/modules-api';
import PermissionsPage from '../../features/permissions/permissions-page';

/** The permissions page with the module catalogue (owned by the modules feature) to file them under. */
export default function PermissionsRoute() {
  const catalogue = useListModulesQuery({ page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' });
  return (
    <PermissionsPage
      moduleOptions={(catalogue.data?.items ?? []).map((m) => ({ moduleId: m.moduleId, name: m.name }))}
    />
  );
}
