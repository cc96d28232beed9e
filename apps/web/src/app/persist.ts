import { PERSIST } from '@taskhive/contract';
import type { AppearanceState } from './slices/appearance-slice';
import { initialAppearanceState } from './slices/appearance-slice';
import { type AuthState, initialAuthState } from './slices/auth-slice';

/** What of the session goes to browser storage: nothing secret, so no token (ARCHITECTURE.md, Sign-in). */
export type PersistedAuth = Pick<
  AuthState,
  'user' | 'role' | 'companyId' | 'permissions' | 'isAuthenticated'
>;

/** The persisted part of the state. */
export interface PersistedState {
  auth: AuthState;
  appearance: AppearanceState;
}

/**
 * One localStorage entry, as redux-persist wrote it before (so a signed-in browser stays signed in
 * across the change): an object of the slices, each JSON-encoded on its own.
 */
const STORAGE_KEY = `${PERSIST.keyPrefix}${PERSIST.key}`;

function withoutSecrets({ user, role, companyId, permissions, isAuthenticated }: AuthState): PersistedAuth {
  return { user, role, companyId, permissions, isAuthenticated };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/**
 * The stored session and appearance, read at start-up. localStorage answers synchronously, so the
 * first render already has them (no "restoring" state, no persistence library on the sign-in
 * route). The session comes back without tokens, never "loading" nor with an error; what cannot
 * be read is left out.
 */
export function loadPersistedState(): Partial<PersistedState> {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const stored = JSON.parse(raw) as Partial<Record<keyof PersistedState, string>>;
    const out: Partial<PersistedState> = {};
    if (typeof stored.auth === 'string') {
      out.auth = { ...initialAuthState, ...withoutSecrets(JSON.parse(stored.auth) as AuthState) };
    }
    if (typeof stored.appearance === 'string') {
      out.appearance = { ...initialAppearanceState, ...(JSON.parse(stored.appearance) as AppearanceState) };
    }
    return out;
  } catch {
    return {};
  }
}

/** Writes the session (without its tokens) and the appearance whenever either changes. */
export function persistState(store: {
  getState(): PersistedState;
  subscribe(listener: () => void): () => void;
}): () => void {
  let written = '';
  return store.subscribe(() => {
    const { auth, appearance } = store.getState();
    const value = JSON.stringify({
      auth: JSON.stringify(withoutSecrets(auth)),
      appearance: JSON.stringify(appearance),
    });
    if (value === written) return;
    written = value;
    try {
      storage()?.setItem(STORAGE_KEY, value);
    } catch {
      // Full or disabled storage: the session still works in this tab.
    }
  });
}
