import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix gives the focus back to a dialog's Trigger when it closes, but most dialogs here open
 * from state (a button's onClick, a shortcut, a link with `?task=`) and have no Trigger: the
 * focus fell to <body> and a keyboard user started over at the top of the page. These
 * handlers give it back to what had it when the dialog opened, while that is still on the
 * page. The caller's own handlers still run; on closing, one that prevents the event (to put
 * the focus somewhere else) wins.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Read before the caller's handler moves the focus into the dialog.
      const active = document.activeElement;
      openedFrom.current =
        active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = openedFrom.current;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
