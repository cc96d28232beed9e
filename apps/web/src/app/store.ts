import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
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
import { whenApiLoaded } from '../api/attach-api';
import type { baseApi } from '../api/base-api';
import { appearanceReducer } from './slices/appearance-slice';
import { authReducer, type AuthState, initialAuthState } from './slices/auth-slice';
import { menuReducer } from './slices/menu-slice';
import { startupReducer } from './slices/startup-slice';
import { toastReducer } from './slices/toast-slice';

type ApiState = { [K in typeof baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> };

/**
 * The RTK Query API's state (`api`) joins when the API's chunk loads (`api/attach-api.ts`): the
 * sign-in route runs without RTK Query (ARCHITECTURE.md, Performance > Bundles).
 */
export const rootReducer = combineSlices({
  auth: authReducer,
  appearance: appearanceReducer,
  menu: menuReducer,
  toast: toastReducer,
  startup: startupReducer,
}).withLazyLoadedSlices<ApiState>();

/** Dispatched once the API is attached, so the store computes the API's initial state at once. */
const API_ATTACHED = 'app/apiAttached';

/**
 * The state, the API's included: only code that imports the API reads it, and importing the API
 * attaches it to the store.
 */
export type RootState = ReturnType<typeof rootReducer> & ApiState;

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

/** redux-persist, as the product spec sets it: key root, prefix persist:, local storage, 5000 ms. */
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

/**
 * The app's store; `persist: false` gives tests a plain store with the same reducers. The API's
 * reducer and middleware join when its chunk loads (`whenApiLoaded`); the persisted reducer wraps
 * the same combined reducer, so the injected slice is part of it.
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const apiMiddleware = createDynamicMiddleware();
  const reducer =
    options.persist === false
      ? rootReducer
      : persistReducer<RootState>(persistConfig, rootReducer as Reducer<RootState>);
  const store = configureStore({
    // Typed with the API's state, which is there for every reader of it (see RootState).
    reducer: reducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault(middlewareOptions).concat(apiMiddleware.middleware),
  });
  whenApiLoaded((api) => {
    rootReducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware);
    store.dispatch({ type: API_ATTACHED });
    api.listen(store.dispatch);
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The app's store with its stored session read back (PersistGate waits for it). */
export function makePersistedStore() {
  const store = makeStore();
  return { store, persistor: persistStore(store) };
}
