import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { useListCompaniesQuery } from '../../features/companies/companies-api';
import { useListModulesQuery } from '../../features/modules/modules-api';
import PackagesPage from '../../features/packages/packages-page';

/**
 * The packages page with what other features own: the module catalogue to pick a package's
 * modules from, and the companies a package can be bought for.
 */
export default function PackagesRoute() {
  const catalogue = useListModulesQuery({ page: 1, pageSize: MAX_PAGE_SIZE, sortBy: 'name' });
  const companies = useListCompaniesQuery({
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  return (
    <PackagesPage
      moduleOptions={(catalogue.data?.items ?? []).map((m) => ({
        moduleId: m.moduleId,
        name: m.name,
        key: m.key,
      }))}
      companyOptions={(companies.data?.items ?? []).map((c) => ({ companyId: c.companyId, name: c.name }))}
    />
  );
}
