import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
  /** A button on the toast (Undo): its label and the handler's key in components/toast-actions. */
  action?: { label: string; id: string };
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
      prepare(message: string, severity: ToastSeverity = 'success', action?: Toast['action']) {
        return { payload: { id: nanoid(), message, severity, action } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((t) => t.id !== action.payload);
    },
  },
});

export const toastActions = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
