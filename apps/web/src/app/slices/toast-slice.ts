import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
}

export interface ToastState {
  queue: Toast[];
}

const toastSlice = createSlice({
  name: 'toast',
  initialState: { queue: [] } as ToastState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.queue.push(action.payload);
      },
      prepare(message: string, severity: ToastSeverity = 'success') {
        return { payload: { id: nanoid(), message, severity } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((t) => t.id !== action.payload);
    },
  },
});

export const toastActions = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
