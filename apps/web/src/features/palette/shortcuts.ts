import type { Permission } from '@taskhive/contract';

/**
 * The keyboard shortcuts of the company area (issue 23): the tiny listener the layout keeps, and
 * the list the help dialog shows. Single keys never fire while focus is in a field.
 */
export interface Shortcut {
  /** The keys as the help dialog shows them, pressed in turn. */
  keys: readonly string[];
  label: string;
}

/** What `g` followed by a key opens. */
export const GO_TO: Readonly<Record<string, { url: string; label: string; permission?: Permission }>> = {
  d: { url: '/app/dashboard', label: 'Go to Dashboard' },
  p: { url: '/app/project', label: 'Go to Projects', permission: 'project:read' },
  t: { url: '/app/tasks', label: 'Go to My Tasks', permission: 'task:read' },
};

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Ctrl/⌘', 'K'], label: 'Search and commands' },
  ...Object.entries(GO_TO).map(([key, go]) => ({ keys: ['g', key], label: go.label })),
  { keys: ['c'], label: 'Create a task' },
  { keys: ['?'], label: 'Show these shortcuts' },
  { keys: ['Esc'], label: 'Close a dialog' },
];

/** How long `g` waits for its second key. */
export const SEQUENCE_MS = 1500;

/** True when keys typed at the element are text (a field, a text area, an editable region). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""],[contenteditable="true"]'))
    return true;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'textbox'
  );
}

/** True for Ctrl+K, or ⌘K on a Mac: the palette's keys, wherever focus is. */
export const isPaletteKey = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
