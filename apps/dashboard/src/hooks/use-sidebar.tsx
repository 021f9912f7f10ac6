/**
 * Sidebar open/closed state, in memory. Below 768 px the sidebar is forced closed (it can
 * still be opened as an overlay, and closes again on navigation); from 768 px up it keeps
 * the state the user last chose there, open at first.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/constants';
import { useMediaQuery } from './use-media-query';

interface SidebarState {
  open: boolean;
  /** True below the breakpoint: the sidebar overlays the page instead of pushing it. */
  isNarrow: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** Closes the overlay after a navigation on narrow screens; no-op on wide ones. */
  closeIfNarrow: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export const WIDE_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isWide = useMediaQuery(WIDE_QUERY, true);
  // Two remembered states: the wide one survives trips below the breakpoint; the narrow one
  // starts closed every time the screen becomes narrow.
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [lastIsWide, setLastIsWide] = useState(isWide);
  if (lastIsWide !== isWide) {
    setLastIsWide(isWide);
    if (!isWide) setNarrowOpen(false);
  }

  const open = isWide ? wideOpen : narrowOpen;
  const setOpen = useCallback(
    (next: boolean) => (isWide ? setWideOpen(next) : setNarrowOpen(next)),
    [isWide],
  );
  const toggle = useCallback(() => setOpen(!open), [open, setOpen]);
  const closeIfNarrow = useCallback(() => {
    if (!isWide) setNarrowOpen(false);
  }, [isWide]);

  const value = useMemo(
    () => ({ open, isNarrow: !isWide, setOpen, toggle, closeIfNarrow }),
    [open, isWide, setOpen, toggle, closeIfNarrow],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return state;
}
