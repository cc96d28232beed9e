import { loader } from '../../lib/preloadable';

/** The company dashboard's chunk: the router's lazy page, started early by `warmDashboard`. */
export const loadAppDashboardPage = loader(() => import('./app-dashboard-page'));
