import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { CompanyProfile } from './company-profile';

/** /app/companies/:companyId and /super-admin/companies/:companyId; `slot` adds cards composed by the app. */
export default function CompanyDetailPage({ slot }: { slot?: (companyId: string) => ReactNode }) {
  const { companyId = '' } = useParams();
  return <CompanyProfile key={companyId} companyId={companyId} extra={slot?.(companyId)} />;
}
