import { loader } from '../lib/preloadable';

/**
 * The company layout's chunk, for the router's lazy route and for the sign-in form (through the
 * router), which starts it while the password is checked, so the route renders without
 * suspending. Loaded from the entry only, so the chunk's preload list is written once and not
 * again into the sign-in page's own chunk.
 */
export const loadCompanyLayout = loader(() => import('../layout/company-layout'));
