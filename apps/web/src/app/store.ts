import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { PERSIST } from '@taskhive/contract';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST as PERSIST_ACTION,
  persistReducer,
  persistStore,
  type PersistConfig,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { baseApi } from '../api/base-api';
import { appearanceReducer } from './slices/appearance-slice';
import { authReducer, type AuthState, initialAuthState } from './slices/auth-slice';
import { menuReducer } from './slices/menu-slice';
import { startupReducer } from './slices/startup-slice';
import { toastReducer } from './slices/toast-slice';

export const rootReducer = combineReducers({
  auth: authReducer,
  appearance: appearanceReducer,
  menu: menuReducer,
  toast: toastReducer,
  startup: startupReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What of the session goes to browser storage: nothing secret, so no token (ARCHITECTURE.md, Sign-in). */
export type PersistedAuth = Pick<
  AuthState,
  'user' | 'role' | 'companyId' | 'permissions' | 'isAuthenticated'
>;

/**
 * The auth slice is stored without its tokens (the access token lives in memory, the refresh
 * token in an HttpOnly cookie) and comes back without them, never "loading" nor with an error.
 */
const authWithoutSecrets = createTransform<AuthState, PersistedAuth>(
  ({ user, role, companyId, permissions, isAuthenticated }) => ({
    user,
    role,
    companyId,
    permissions,
    isAuthenticated,
  }),
  ({ user, role, companyId, permissions, isAuthenticated }) => ({
    ...initialAuthState,
    user,
    role,
    companyId,
    permissions,
    isAuthenticated,
  }),
  { whitelist: ['auth'] },
);

const persistConfig: PersistConfig<RootState> = {
  key: PERSIST.key,
  keyPrefix: PERSIST.keyPrefix,
  timeout: PERSIST.timeoutMs,
  storage,
  whitelist: ['auth', 'appearance'],
  transforms: [authWithoutSecrets],
};

const middlewareOptions = {
  serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST_ACTION, PURGE, REGISTER] },
};

/** The app's store; `persist: false` gives tests a plain store with the same reducers. */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const reducer =
    options.persist === false ? rootReducer : persistReducer<RootState>(persistConfig, rootReducer);
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault(middlewareOptions).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export function makePersistedStore() {
  const store = makeStore();
  return { store, persistor: persistStore(store) };
}
