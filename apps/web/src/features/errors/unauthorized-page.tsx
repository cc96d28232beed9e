import GppBadOutlined from '@mui/icons-material/GppBadOutlined';
import { StatusPage } from '../../components/status-page';

export default function UnauthorizedPage() {
  return (
    <StatusPage
      code="403"
      title="Access denied"
      message="You do not have permission to view this page. Ask your administrator if you need access."
      icon={<GppBadOutlined color="error" sx={{ fontSize: 72 }} />}
    />
  );
}
