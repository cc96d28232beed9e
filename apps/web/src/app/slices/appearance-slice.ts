import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_BORDER_RADIUS, DEFAULT_FONT_FAMILY } from '@taskhive/contract';
import type { ColorMode } from '../theme/theme';

/** Appearance settings (spec section 3): persisted in local storage with the session. */
export interface AppearanceState {
  fontFamily: string;
  borderRadius: number;
  mode: ColorMode;
}

export const initialAppearanceState: AppearanceState = {
  fontFamily: DEFAULT_FONT_FAMILY,
  borderRadius: DEFAULT_BORDER_RADIUS,
  mode: 'light',
};

const appearanceSlice = createSlice({
  name: 'appearance',
  initialState: initialAppearanceState,
  reducers: {
    fontFamilyChanged(state, action: PayloadAction<string>) {
      state.fontFamily = action.payload;
    },
    borderRadiusChanged(state, action: PayloadAction<number>) {
      state.borderRadius = action.payload;
    },
    modeChanged(state, action: PayloadAction<ColorMode>) {
      state.mode = action.payload;
    },
    appearanceReset() {
      return initialAppearanceState;
    },
  },
});

export const appearanceActions = appearanceSlice.actions;
export const appearanceReducer = appearanceSlice.reducer;
