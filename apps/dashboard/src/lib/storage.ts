/**
 * Safe access to `localStorage`, plus change notifications inside this tab (the browser's
 * `storage` event only reports other tabs). Storage may be missing or throw (privacy modes,
 * full quota); reads then give `null` and writes are dropped.
 */

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or, with `null`, removes) a value and tells this tab's subscribers. */
export function writeStorage(key: string, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Dropped: the preference lives for this page only.
  }
  listeners.get(key)?.forEach((listener) => listener());
}

/** Calls `listener` when `key` changes in this tab or another one. Returns the unsubscribe. */
export function subscribeStorage(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
