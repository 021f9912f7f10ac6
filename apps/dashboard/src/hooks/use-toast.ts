/**
 * Toast state: add, update, dismiss, remove. One toast is shown at a time (a new one
 * replaces the old); a dismissed toast stays in memory for 1,000,000 ms so its exit
 * animation and any pending update can finish, then it is removed.
 * The display time (5000 ms), swipe threshold and F8 hotkey live on the Radix provider in
 * components/ui/toast-region.tsx (loaded with the first toast or the first key or pointer press).
 */
import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
  /** Per-toast display time; the provider's 5000 ms otherwise. */
  duration?: number;
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export interface ToastState {
  toasts: ToastItem[];
}

/** Pure state transitions, newest toast first. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: state.toasts.map((toast) =>
          toast.id === action.toast.id ? { ...toast, ...action.toast } : toast,
        ),
      };
    case 'dismiss':
      return {
        toasts: state.toasts.map((toast) =>
          action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
        ),
      };
    case 'remove':
      return {
        toasts:
          action.id === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.id),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? state.toasts.map((toast) => toast.id) : [action.id];
    ids.forEach(scheduleRemoval);
  }
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    update: (next: Partial<ToastInput>) => dispatch({ type: 'update', toast: { ...next, id } }),
    dismiss: () => dispatch({ type: 'dismiss', id }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => state.toasts,
    () => state.toasts,
  );
}
