import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { useListCompaniesQuery } from '../../features/companies/companies-api';
import RolesPage from '../../features/permissions/roles-page';

/** The roles page with the companies (owned by the companies feature) the Super Admin can pick. */
export default function RolesRoute() {
  const companies = useListCompaniesQuery({
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  return (
    <RolesPage
      companyOptions={(companies.data?.items ?? []).map((c) => ({ companyId: c.companyId, name: c.name }))}
    />
  );
}
