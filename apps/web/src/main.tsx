import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { menuActions } from './app/slices/menu-slice';
import { makeStore } from './app/store';

const store = makeStore();
// The sidebar starts as the signed-in shell will show it (open from MUI's md, 900 px, up), so the
// shell's first frame has its final width. Set later, by the shell's layout effect, the drawer's
// width change ran as its CSS transition on the dashboard, sliding the page 185 px over in eight
// steps (Lighthouse counted a layout shift of 0.16 there).
store.dispatch(menuActions.drawerOpened(window.matchMedia('(min-width: 900px)').matches));
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
