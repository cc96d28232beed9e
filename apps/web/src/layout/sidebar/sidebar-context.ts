import { createContext, useContext } from 'react';

export interface SidebarContextValue {
  /** Desktop sidebar collapsed to icons (72 px). */
  mini: boolean;
  /** Below md the drawer is temporary and closes when an item is chosen. */
  temporary: boolean;
  /** What an unknown item type renders ('Menu Items Error' or the super-admin variant). */
  errorText: string;
  onNavigate: () => void;
}

export const SidebarContext = createContext<SidebarContextValue>({
  mini: false,
  temporary: false,
  errorText: 'Menu Items Error',
  onNavigate: () => undefined,
});

export const useSidebar = () => useContext(SidebarContext);
