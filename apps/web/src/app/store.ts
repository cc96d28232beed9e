import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { whenApiLoaded } from '../api/attach-api';
import type { baseApi } from '../api/base-api';
import { appearanceReducer } from './slices/appearance-slice';
import { loadPersistedState, persistState } from './persist';
import { authReducer } from './slices/auth-slice';
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

/**
 * The app's store: the stored session and appearance are read into it and written back on change
 * (`app/persist.ts`); `persist: false` gives tests a plain store with the same reducers.
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const persist = options.persist !== false;
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    // Typed with the API's state, which is there for every reader of it (see RootState).
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: persist ? { ...loadPersistedState(), ...options.preloadedState } : options.preloadedState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware.middleware),
  });
  if (persist) persistState(store);
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
