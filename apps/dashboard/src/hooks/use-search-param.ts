import { useCallback } from 'react';
import { useComposedSearchParams } from './use-composed-search-params';

/**
 * One query parameter holding an id (the item a side panel shows): its value, and a setter
 * that removes the parameter for `undefined`. Opening a panel is a navigation, so the back
 * button closes it and a link can open it.
 */
export function useSearchParam(name: string): [string | undefined, (value?: string) => void] {
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const value = searchParams.get(name) || undefined;
  const setValue = useCallback(
    (next?: string) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next === undefined) params.delete(name);
        else params.set(name, next);
        return params;
      }),
    [setSearchParams, name],
  );
  return [value, setValue];
}
