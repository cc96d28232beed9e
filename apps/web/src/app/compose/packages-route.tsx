import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { useListModulesQuery } from '../../features/modules/modules-api';
import PackagesPage from '../../features/packages/packages-page';

/** The packages page with the module catalogue to pick a package's modules from (another feature's). */
export default function PackagesRoute() {
  const catalogue = useListModulesQuery({ page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' });
  return (
    <PackagesPage
      moduleOptions={(catalogue.data?.items ?? []).map((m) => ({ moduleId: m.moduleId, name: m.name }))}
    />
  );
}
