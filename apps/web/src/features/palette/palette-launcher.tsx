import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../hooks/use-session';
import type { MenuItem } from '../../lib/menu';
import { GO_TO, isPaletteKey, isTypingTarget, SEQUENCE_MS } from './shortcuts';

const loadPalette = () => import('./palette');
const Palette = lazy(loadPalette);
const ShortcutsHelp = lazy(() => import('./shortcuts-help'));

/** Where single keys belong to what is open: dialogs, menus, lists, MUI's modals (drawers, popovers). */
const OVERLAYS = '[role="dialog"],[role="menu"],[role="listbox"],[aria-modal="true"],.MuiModal-root';

export type Overlay = 'palette' | 'help' | 'create' | null;

export interface PaletteLauncherProps {
  /** The area's menu: the palette offers the screens the user may open. */
  menu: readonly MenuItem[];
  /** The "Create task…" dialog, composed in by the layout (features do not import each other). */
  renderCreateTask?: (onClose: () => void) => ReactNode;
}

/**
 * The header's search button and the area's keyboard shortcuts (issue 23). Only this and its key
 * listener load with the layout; the palette and the help are their own chunks, fetched on the
 * first use (or when the pointer reaches the button).
 */
export function PaletteLauncher({ menu, renderCreateTask }: PaletteLauncherProps) {
  const [open, setOpen] = useState<Overlay>(null);
  const navigate = useNavigate();
  const { can } = useSession();
  const canCreate = Boolean(renderCreateTask) && can({ anyOf: ['task:create'] });
  const state = useRef({ open, canCreate, can, navigate, pendingG: 0 });
  state.current = { ...state.current, open, canCreate, can, navigate };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      if (e.defaultPrevented || e.isComposing) return;
      if (isPaletteKey(e)) {
        e.preventDefault();
        if (s.open !== 'create') setOpen('palette');
        return;
      }
      // Single keys: not while typing, not with a modifier, not inside an open dialog, drawer or
      // menu (a menu's letters pick its items).
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || s.open) return;
      if (isTypingTarget(e.target) || isTypingTarget(document.activeElement)) return;
      if (e.target instanceof Element && e.target.closest(OVERLAYS)) return;
      const key = e.key;
      if (s.pendingG && Date.now() - s.pendingG < SEQUENCE_MS) {
        s.pendingG = 0;
        const go = GO_TO[key.toLowerCase()];
        if (go && (!go.permission || s.can({ anyOf: [go.permission] }))) {
          e.preventDefault();
          void s.navigate(go.url);
        }
        return;
      }
      s.pendingG = 0;
      if (key === '?') {
        e.preventDefault();
        setOpen('help');
      } else if (key === 'g') {
        s.pendingG = Date.now();
      } else if (key === 'c' && s.canCreate) {
        e.preventDefault();
        setOpen('create');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => setOpen(null);
  return (
    <>
      <Tooltip title="Search and commands (Ctrl+K)">
        <IconButton
          aria-label="Search and commands"
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={() => setOpen('palette')}
          onPointerEnter={() => void loadPalette()}
          onFocus={() => void loadPalette()}
        >
          <SearchRounded />
        </IconButton>
      </Tooltip>
      {open === 'palette' && (
        <Suspense fallback={null}>
          <Palette
            menu={menu}
            canCreateTask={canCreate}
            onClose={close}
            onCreateTask={() => setOpen('create')}
          />
        </Suspense>
      )}
      {open === 'help' && (
        <Suspense fallback={null}>
          <ShortcutsHelp onClose={close} />
        </Suspense>
      )}
      {open === 'create' && renderCreateTask && (
        <Suspense fallback={null}>{renderCreateTask(close)}</Suspense>
      )}
    </>
  );
}
