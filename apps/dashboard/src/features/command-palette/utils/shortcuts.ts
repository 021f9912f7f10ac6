/**
 * Keyboard shortcuts of a tenant's pages: Ctrl/Cmd-K opens the command palette, `?` lists
 * the shortcuts, and two-key "go to" sequences (`g` then a letter) open a screen. This file is
 * loaded with the app shell, so it stays small and free of React.
 */
import type { TenantScreenPath } from '@/config/paths';

export interface GoShortcut {
  /** The key pressed after `g`. */
  key: string;
  to: TenantScreenPath;
  label: string;
}

export const GO_SHORTCUTS: readonly GoShortcut[] = [
  { key: 'r', to: 'runs', label: 'Runs' },
  { key: 'e', to: 'events', label: 'Events' },
  { key: 'w', to: 'workflows', label: 'Workflows' },
  { key: 'k', to: 'workers', label: 'Workers' },
  { key: 's', to: 'scheduled', label: 'Scheduled Runs' },
  { key: 'c', to: 'cron-jobs', label: 'Cron Jobs' },
  { key: 'l', to: 'rate-limits', label: 'Rate Limits' },
  { key: 'f', to: 'filters', label: 'Filters' },
  { key: 'h', to: 'webhooks', label: 'Webhooks' },
  { key: 't', to: 'tenant-settings/overview', label: 'Settings' },
];

/** How long after `g` the second key still counts. */
export const SEQUENCE_TIMEOUT_MS = 1_500;

/** The fields of a KeyboardEvent the shortcuts read; a plain object in tests. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  isComposing?: boolean;
  repeat?: boolean;
  target: EventTarget | null;
}

/** True while the user types: in a text field, a select, or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = ((element as HTMLInputElement).type || 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
      type,
    );
  }
  return Boolean(element.closest('[contenteditable=""],[contenteditable="true"],[role="textbox"]'));
}

/** Ctrl-K, or Cmd-K on a Mac. Works in text fields too (it is not a character). */
export function isPaletteKey(press: KeyPress): boolean {
  return press.key.toLowerCase() === 'k' && (press.ctrlKey || press.metaKey) && !press.altKey;
}

export type ShortcutAction =
  { kind: 'palette' } | { kind: 'help' } | { kind: 'go'; to: TenantScreenPath };

/**
 * Turns key presses into actions. Keeps the pending `g` between presses; `now` is passed in
 * so tests need no clock.
 */
export function createShortcutHandler(timeoutMs = SEQUENCE_TIMEOUT_MS) {
  let pendingSince: number | undefined;
  return (press: KeyPress, now: number): ShortcutAction | undefined => {
    if (press.isComposing) return undefined;
    if (isPaletteKey(press)) {
      pendingSince = undefined;
      return { kind: 'palette' };
    }
    // Plain-key shortcuts never fire while typing, nor with Ctrl, Cmd or Alt held.
    if (press.ctrlKey || press.metaKey || press.altKey || isTypingTarget(press.target)) {
      pendingSince = undefined;
      return undefined;
    }
    if (press.repeat) return undefined;
    const key = press.key;
    if (pendingSince !== undefined && now - pendingSince <= timeoutMs) {
      pendingSince = undefined;
      const shortcut = GO_SHORTCUTS.find((candidate) => candidate.key === key.toLowerCase());
      return shortcut ? { kind: 'go', to: shortcut.to } : undefined;
    }
    pendingSince = undefined;
    if (key === '?') return { kind: 'help' };
    if (key === 'g' || key === 'G') {
      pendingSince = now;
      return undefined;
    }
    return undefined;
  };
}
