import { createAsyncThunk, createSlice, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES, satisfies, type PermissionRequirement } from '@taskhive/contract';
import { errorMessage } from '../api/errors';
import { authApi } from '../features/auth/auth-api';
import { authActions, type AuthState } from './slices/auth-slice';

/**
 * The start-up load of the company area (spec section 3): one entry per call, each with the
 * permission it needs. A later issue adds its call here (employees with `employee:read:all`,
 * company roles with `companyrole:read`, departments with `department:read`, projects, task
 * statuses, my tasks, the company by id) once its endpoint exists.
 */
export interface StartupLoader {
  key: string;
  requires?: PermissionRequirement;
  load: (dispatch: StartupDispatch, auth: AuthState) => Promise<unknown>;
}

type StartupDispatch = ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>;

export const STARTUP_LOADERS: readonly StartupLoader[] = [
  {
    key: 'profile',
    load: async (dispatch) => {
      const me = await dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true })).unwrap();
      dispatch(authActions.sessionUserLoaded(me));
    },
  },
];

export type StartupStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface StartupState {
  status: StartupStatus;
  error: string | null;
}

export const loadStartupData = createAsyncThunk<
  void,
  void,
  { state: { auth: AuthState }; rejectValue: string }
>('startup/load', async (_arg, { dispatch, getState, rejectWithValue }) => {
  const auth = getState().auth;
  const due = STARTUP_LOADERS.filter((l) => !l.requires || satisfies(auth.permissions, l.requires));
  try {
    await Promise.all(due.map((l) => l.load(dispatch, auth)));
  } catch (error) {
    return rejectWithValue(errorMessage(error, MESSAGES.generic));
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
      .addCase(loadStartupData.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(loadStartupData.fulfilled, (state) => {
        state.status = 'succeeded';
      })
      .addCase(loadStartupData.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? action.error.message ?? MESSAGES.generic;
      })
      .addCase(authActions.sessionCleared, () => initialState)
      .addCase(authActions.sessionExpired, () => initialState)
      .addCase(authActions.loginSucceeded, () => initialState);
  },
});

export const { startupReset } = startupSlice.actions;
export const startupReducer = startupSlice.reducer;
