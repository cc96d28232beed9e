import { useParams } from 'react-router';
import { CompanyProfile } from './company-profile';

/** /app/companies/:companyId and /super-admin/companies/:companyId. */
export default function CompanyDetailPage() {
  const { companyId = '' } = useParams();
  return <CompanyProfile key={companyId} companyId={companyId} />;
}
