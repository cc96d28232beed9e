import { nanoid } from '@reduxjs/toolkit';
import type { Toast } from '../app/slices/toast-slice';

/**
 * The handlers of toasts' buttons (an Undo, say). A toast in the store is data, so it carries the
 * handler's key; the handler waits here until the button runs it or the toast goes without it.
 */
const handlers = new Map<string, () => void>();

/** Registers `run` for a toast's button labelled `label`: pass the result to `toastShown`. */
export function toastAction(label: string, run: () => void): NonNullable<Toast['action']> {
  const id = nanoid();
  handlers.set(id, run);
  return { label, id };
}

/** Runs a toast button's handler, once. */
export function runToastAction(id: string) {
  const run = handlers.get(id);
  handlers.delete(id);
  run?.();
}

/** Forgets a handler whose toast went without its button being used. */
export function dropToastAction(id: string) {
  handlers.delete(id);
}
