import Stack from '@mui/material/Stack';
import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { ImpersonationCard } from '../../features/impersonation/impersonation-card';
import { useListModulesQuery } from '../../features/modules/modules-api';
import { CompanySubscriptionCard } from '../../features/packages/company-subscription-card';
import { useSession } from '../../hooks/use-session';

/**
 * The subscription card of a company page, composed here because it joins two features: the
 * company's grants and purchases (packages) and the module catalogue to assign from (modules).
 * On another company's page the Super Admin also gets its support access (impersonation).
 */
export default function CompanySubscription({ companyId }: { companyId: string }) {
  const { superAdmin, can, companyId: own } = useSession();
  const manage = superAdmin && can({ anyOf: ['module:update'] });
  const catalogue = useListModulesQuery(
    { page: 1, pageSize: MAX_PAGE_SIZE, status: 'active', sortBy: 'name' },
    { skip: !manage },
  );
  const card = (
    <CompanySubscriptionCard
      companyId={companyId}
      manageModules={manage}
      canPurchase={can({ anyOf: ['company:update'] }) && (superAdmin || companyId === own)}
      moduleOptions={(catalogue.data?.items ?? []).map((m) => ({ moduleId: m.moduleId, name: m.name }))}
    />
  );
  if (!superAdmin || companyId === own) return card;
  return (
    <Stack spacing={2}>
      {card}
      <ImpersonationCard companyId={companyId} />
    </Stack>
  );
}
