import { useSyncExternalStore } from 'react';

/**
 * A module of overlay parts (a Radix menu, popover or dialog with the positioning, focus and
 * scroll-lock code under them) that is downloaded the first time someone reaches for one
 * rather than with the first screen. `load()` starts the download at most once (again after
 * a failure); `useParts()` is the module once it has arrived, and re-renders every user then.
 * A failed download is thrown while rendering, as a lazy route's would be, so the route's
 * error screen offers the reload that an outdated bundle needs; with `throwFailure: false`
 * (a part outside the router, which has no error screen to fall back on) it stays unshown.
 */
export interface LazyParts<T> {
  load: () => void;
  useParts: () => T | undefined;
  /**
   * Had `node` (a stand-in, swapped for the real part as the module arrived) the focus then?
   * True once: the real part takes the focus over, and a later remount must not steal it.
   */
  handOverFocus: (node: Element | null) => boolean;
}

const everyModule = new Set<() => Promise<void>>();

/**
 * Downloads every module made with `lazyParts` so far. For unit tests, which render overlays
 * open and look for their content at once (src/test-setup.ts).
 */
export async function loadAllParts(): Promise<void> {
  await Promise.all([...everyModule].map((load) => load()));
}

export function lazyParts<T>(
  importModule: () => Promise<T>,
  { throwFailure = true }: { throwFailure?: boolean } = {},
): LazyParts<T> {
  // Replaced, never mutated: useSyncExternalStore re-renders when the snapshot changes.
  let state: { parts?: T; failure?: unknown } = {};
  let loading: Promise<void> | undefined;
  let focusedOnArrival: Element | null = null;
  const listeners = new Set<() => void>();
  const settle = (next: typeof state) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => state;

  const load = () =>
    (loading ??= importModule().then(
      (parts) => {
        // No document where unit tests load the parts in a Node environment.
        focusedOnArrival = globalThis.document?.activeElement ?? null;
        settle({ parts });
      },
      (failure: unknown) => {
        loading = undefined;
        settle({ failure });
      },
    ));
  everyModule.add(load);

  return {
    load() {
      void load();
    },
    useParts() {
      const { parts, failure } = useSyncExternalStore(subscribe, snapshot, snapshot);
      if (failure && throwFailure) throw failure;
      return parts;
    },
    handOverFocus(node) {
      if (node === null || node !== focusedOnArrival) return false;
      focusedOnArrival = null;
      return true;
    },
  };
}
