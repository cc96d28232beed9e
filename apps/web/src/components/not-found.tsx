import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import { StatusPage } from './status-page';

/**
 * The not-found page: for an unknown path (the whole page) and for a record page whose id is
 * malformed or names nothing the reader may see (`inLayout`, inside the app's layout).
 */
export function NotFound({ inLayout = false }: { inLayout?: boolean }) {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      message="The page you are looking for does not exist or has been moved."
      icon={<TravelExploreRounded color="primary" sx={{ fontSize: 72 }} />}
      inLayout={inLayout}
    />
  );
}
