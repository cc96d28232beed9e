import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
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

/** Store (the stored session already read into it) and theme. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppThemeProvider>{children}</AppThemeProvider>
    </Provider>
  );
}
