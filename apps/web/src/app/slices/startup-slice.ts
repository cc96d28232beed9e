import { createAsyncThunk, createSlice, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { GENERIC_MESSAGE, type PermissionRequirement, satisfies } from '@taskhive/contract';
import { errorMessage } from '../../api/errors';
import { authActions, type AuthState } from './auth-slice';

/** One call of the start-up load, with the permission it needs. */
export interface StartupLoader {
  key: string;
  requires?: PermissionRequirement;
  load: (dispatch: StartupDispatch, auth: AuthState) => Promise<unknown>;
}

type StartupDispatch = ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>;

export type StartupStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface StartupState {
  status: StartupStatus;
  error: string | null;
}

/** Runs the loaders the user's permissions allow, all at once; `app/startup.ts` names them. */
export const runStartup = createAsyncThunk<
  void,
  readonly StartupLoader[],
  { state: { auth: AuthState }; rejectValue: string }
>('startup/load', async (loaders, { dispatch, getState, rejectWithValue }) => {
  const auth = getState().auth;
  const due = loaders.filter((l) => !l.requires || satisfies(auth.permissions, l.requires));
  try {
    await Promise.all(due.map((l) => l.load(dispatch, auth)));
  } catch (error) {
    return rejectWithValue(errorMessage(error, GENERIC_MESSAGE));
  }
});

const initialState: StartupState = { status: 'idle', error: null };

const startupSlice = createSlice({
  name: 'startup',
  initialState,
  reducers: {
    startupReset: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(runStartup.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(runStartup.fulfilled, (state) => {
        state.status = 'succeeded';
      })
      .addCase(runStartup.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? action.error.message ?? GENERIC_MESSAGE;
      })
      .addCase(authActions.sessionCleared, () => initialState)
      .addCase(authActions.sessionExpired, () => initialState)
      .addCase(authActions.loginSucceeded, () => initialState);
  },
});

export const { startupReset } = startupSlice.actions;
export const startupReducer = startupSlice.reducer;
