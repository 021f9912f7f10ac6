import { useEffect, useState } from 'react';
import { parseSearchFilter } from '@/lib/url-state';
import { useDebouncedValue } from './use-debounced-value';
import { useTableUrlState } from './use-table-url-state';
import type { TableUrlKeys } from './use-table-url-state';

/** Lists search once typing has paused this long (reference 3.1). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The URL keys of a list whose one filter is a search box: `{s: text}` under `filterKey`. */
export function searchTableKeys(filterKey: string, paginationKey: string): TableUrlKeys<string> {
  return { filterKey, paginationKey, parse: parseSearchFilter, serialize: serializeSearch };
}

function serializeSearch(search: string): Record<string, unknown> | undefined {
  return search ? { s: search } : undefined;
}

/**
 * A searchable list's state in the URL (workflows, rate limits): `text` follows every
 * keystroke, `search` (what the list asks for) follows the URL, which the text reaches once
 * typing pauses, back on the first page and without a history entry per word. A URL changed
 * elsewhere (the back button, a link) fills the box. `keys` must be a module-level constant.
 */
export function useUrlSearch(keys: TableUrlKeys<string>) {
  const { filters: search, setFilters, pagination, setPagination } = useTableUrlState(keys);
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced.trim() === search) return;
    setFilters(() => debounced.trim(), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced value writes
  }, [debounced]);
  const [syncedSearch, setSyncedSearch] = useState(search);
  if (search !== syncedSearch) {
    setSyncedSearch(search);
    if (text.trim() !== search) setText(search);
  }

  return { search, text, setText, pagination, setPagination };
}
