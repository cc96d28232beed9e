import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import { StatusPage } from './status-page';

export default function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="The page you are looking for does not exist or has been moved."
      icon={<TravelExploreRounded color="primary" sx={{ fontSize: 72 }} />}
    />
  );
}
