import { useCallback, useMemo } from 'react';
import type { VisibilityState } from '@tanstack/react-table';
import { readJsonParam, stringList, withJsonParam } from '@/lib/url-state';
import { useComposedSearchParams } from './use-composed-search-params';
import { useCurrentUserId } from './current-user-id';
import { useStoredValue } from './use-stored-value';

export interface ColumnVisibility {
  /** Ids of the columns the user hid. */
  hidden: string[];
  /** The same, as TanStack Table's state. */
  visibility: VisibilityState;
  setHidden: (hidden: string[]) => void;
}

/**
 * Per user and per list, in this browser's storage: a layout choice is personal, needs no
 * server round trip before the list can render, and two people sharing a browser keep their
 * own. The key carries the user id; before the user is known the list shows every column.
 */
export const columnsStorageKey = (userId: string, list: string) =>
  `trellis-columns:${userId}:${list}`;

function parseHidden(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    return stringList(JSON.parse(raw));
  } catch {
    return [];
  }
}

/**
 * Which columns of a list are hidden. With `urlKey` (runs and events, whose saved views hold
 * their columns) the URL parameter, when present, wins over the stored choice, so a shared link
 * or a view shows the columns it was saved with; a change is written to both.
 */
export function useColumnVisibility(list: string, urlKey?: string): ColumnVisibility {
  const userId = useCurrentUserId() ?? 'anonymous';
  const [stored, setStored] = useStoredValue(columnsStorageKey(userId, list));
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const fromUrl = urlKey === undefined ? undefined : readJsonParam(searchParams, urlKey);
  const hiddenKey = Array.isArray(fromUrl) ? JSON.stringify(stringList(fromUrl)) : stored;
  const hidden = useMemo(() => parseHidden(hiddenKey), [hiddenKey]);
  const visibility = useMemo(
    () => Object.fromEntries(hidden.map((id) => [id, false])) as VisibilityState,
    [hidden],
  );

  const setHidden = useCallback(
    (next: string[]) => {
      setStored(next.length > 0 ? JSON.stringify(next) : null);
      if (urlKey !== undefined) {
        // Replace: showing a column is not a place the back button should return to.
        setSearchParams((previous) => withJsonParam(previous, urlKey, next), { replace: true });
      }
    },
    [setStored, setSearchParams, urlKey],
  );

  return { hidden, visibility, setHidden };
}
