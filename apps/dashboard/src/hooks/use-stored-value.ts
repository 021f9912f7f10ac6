import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, subscribeStorage, writeStorage } from '@/lib/storage';

/** A `localStorage` entry as React state, shared by every component and tab that reads it. */
export function useStoredValue(key: string): [string | null, (value: string | null) => void] {
  const subscribe = useCallback((listener: () => void) => subscribeStorage(key, listener), [key]);
  const value = useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
  const setValue = useCallback((next: string | null) => writeStorage(key, next), [key]);
  return [value, setValue];
}
