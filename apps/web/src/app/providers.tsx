import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { PageLoader } from '../components/page-loader';
import { Toaster } from '../components/toaster';
import { useAppSelector } from '../hooks/store';
import type { AppStore } from './store';
import { createAppTheme } from './theme/theme';

/**
 * The MUI theme built from the persisted appearance settings. `@mui/system`'s provider: material's
 * also bundles the CSS-variables provider (3 KB of the sign-in route), which this theme never uses.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { mode, fontFamily, borderRadius } = useAppSelector((s) => s.appearance);
  const theme = useMemo(
    () => createAppTheme({ mode, fontFamily, borderRadius }),
    [mode, fontFamily, borderRadius],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
      <Toaster />
    </ThemeProvider>
  );
}

/** Store, rehydration of the stored session (a progress bar meanwhile) and theme. */
export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <PersistGate loading={<PageLoader label="Restoring your session" />} persistor={persistor}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </PersistGate>
    </Provider>
  );
}
