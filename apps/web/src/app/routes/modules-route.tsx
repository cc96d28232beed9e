import { MAX_PAGE_SIZE } from '@taskhive/contract';
import ModulesPage from '../../features/modules/modules-page';
import { useListPackagesQuery } from '../../features/packages/packages-api';

/** The modules page with the packages (owned by the packages feature) to filter the catalogue by. */
export default function ModulesRoute() {
  const packages = useListPackagesQuery({ page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' });
  return (
    <ModulesPage
      packageOptions={(packages.data?.items ?? []).map((p) => ({ packageId: p.packageId, name: p.name }))}
    />
  );
}
