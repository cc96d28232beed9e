import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Menu state of spec section 3. */
export interface MenuState {
  openedItem: string;
  openedComponent: string;
  openedHorizontalItem: string | null;
  isDashboardDrawerOpened: boolean;
  isComponentDrawerOpened: boolean;
}

export const initialMenuState: MenuState = {
  openedItem: 'dashboard',
  openedComponent: 'buttons',
  openedHorizontalItem: null,
  isDashboardDrawerOpened: false,
  isComponentDrawerOpened: true,
};

const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    activeItem(state, action: PayloadAction<string>) {
      state.openedItem = action.payload;
    },
    activeComponent(state, action: PayloadAction<string>) {
      state.openedComponent = action.payload;
    },
    activeHorizontalItem(state, action: PayloadAction<string | null>) {
      state.openedHorizontalItem = action.payload;
    },
    drawerOpened(state, action: PayloadAction<boolean>) {
      state.isDashboardDrawerOpened = action.payload;
    },
    componentDrawerOpened(state, action: PayloadAction<boolean>) {
      state.isComponentDrawerOpened = action.payload;
    },
  },
});

export const menuActions = menuSlice.actions;
export const menuReducer = menuSlice.reducer;
