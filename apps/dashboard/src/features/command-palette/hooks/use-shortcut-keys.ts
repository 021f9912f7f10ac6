import { useEffect, useRef } from 'react';
import type { ShortcutAction } from '../utils/shortcuts';
import { createShortcutHandler } from '../utils/shortcuts';

/**
 * One keydown listener on the window for the palette and the shortcuts. Plain keys are
 * ignored while another dialog or menu has focus; Ctrl/Cmd-K is not.
 */
export function useShortcutKeys(onAction: (action: ShortcutAction) => void, enabled = true): void {
  const latest = useRef(onAction);
  useEffect(() => {
    latest.current = onAction;
  }, [onAction]);
  useEffect(() => {
    if (!enabled) return undefined;
    const handle = createShortcutHandler();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = handle(event, event.timeStamp || Date.now());
      if (!action) return;
      if (action.kind !== 'palette') {
        const target = event.target as Element | null;
        if (target?.closest?.('[role="dialog"],[role="alertdialog"],[role="menu"]')) return;
      }
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
