import type { ReactNode } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { useSession } from '../../hooks/use-session';
import { CompanyProfile } from './company-profile';

/** /app/company: the signed-in user's own company. */
export default function OwnCompanyPage({ slot }: { slot?: (companyId: string) => ReactNode }) {
  const { companyId } = useSession();
  if (!companyId) return <ErrorPanel message="Your account is not linked to a company." />;
  return <CompanyProfile companyId={companyId} extra={slot?.(companyId)} />;
}
