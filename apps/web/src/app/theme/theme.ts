import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { TOOLTIP_OPEN_DELAY_MS, TRANSITION_DURATIONS_MS, Z_INDEX } from '@taskhive/contract';
import { fontStack } from './fonts';

export type ColorMode = 'light' | 'dark';

export interface ThemeOptions {
  mode: ColorMode;
  fontFamily: string;
  borderRadius: number;
}

const brand = {
  light: {
    primary: { light: '#7e57c2', main: '#5e35b1', dark: '#4527a0' },
    secondary: { light: '#4fc3f7', main: '#1e88e5', dark: '#1565c0' },
  },
  // Lighter tones keep text and icons readable on the dark background.
  dark: {
    primary: { light: '#b39ddb', main: '#9e86e0', dark: '#7e57c2' },
    secondary: { light: '#81d4fa', main: '#64b5f6', dark: '#1e88e5' },
  },
};

/** The one MUI theme of the app: layers, transitions and tooltip delay of spec section 9. */
export function createAppTheme({ mode, fontFamily, borderRadius }: ThemeOptions): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { ...brand[mode].primary, contrastText: dark ? '#111827' : '#ffffff' },
      secondary: { ...brand[mode].secondary, contrastText: dark ? '#111827' : '#ffffff' },
      success: { main: '#2e7d32' },
      // Error text (outlined delete buttons, messages) reads at ≥ 4.5:1 on the page and on cards:
      // MUI's #d32f2f was 4.42:1 on the light page's grey (Lighthouse flagged the project's Delete).
      error: dark
        ? { main: '#ef5350', contrastText: '#111827' }
        : { main: '#c62828', contrastText: '#ffffff' },
      background: dark ? { default: '#111827', paper: '#1a2232' } : { default: '#eef2f6', paper: '#ffffff' },
      text: dark
        ? { primary: '#e5e7eb', secondary: '#9ca3af' }
        : { primary: '#1f2937', secondary: '#5b6473' },
      divider: dark ? alpha('#ffffff', 0.12) : alpha('#111827', 0.1),
    },
    shape: { borderRadius },
    typography: {
      fontFamily: fontStack(fontFamily),
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.5rem', fontWeight: 600 },
      h4: { fontSize: '1.25rem', fontWeight: 600 },
      h5: { fontSize: '1.1rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    zIndex: {
      appBar: Z_INDEX.appBar,
      drawer: Z_INDEX.drawer,
      modal: Z_INDEX.modal,
      snackbar: Z_INDEX.snackbar,
      tooltip: Z_INDEX.tooltip,
    },
    transitions: { duration: TRANSITION_DURATIONS_MS },
    components: {
      MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_OPEN_DELAY_MS, arrow: true } },
      // The scrollbar's room is kept from the start, so a page growing past the window does not
      // narrow (and move) everything when the scrollbar appears (a layout shift Lighthouse counted).
      MuiCssBaseline: { styleOverrides: { html: { scrollBehavior: 'smooth', scrollbarGutter: 'stable' } } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
