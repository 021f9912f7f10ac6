import { useCallback, useMemo } from 'react';
import { useComposedSearchParams } from '@/hooks/use-composed-search-params';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import type { TableUrlKeys } from '@/hooks/use-table-url-state';
import {
  RUNS_FILTER_KEY,
  RUNS_PAGINATION_KEY,
  parseRunFilters,
  serializeRunFilters,
} from '../utils/run-filters';
import type { RunFilters } from '../utils/run-filters';
import { runTableKeys } from '../utils/run-scope';

const RUNS_TABLE: TableUrlKeys<RunFilters> = {
  filterKey: RUNS_FILTER_KEY,
  paginationKey: RUNS_PAGINATION_KEY,
  parse: parseRunFilters,
  serialize: serializeRunFilters,
};

/**
 * The runs list's filters and page, kept in the URL; a list embedded in another screen keeps
 * its own under its table key (see run-scope).
 */
export function useRunFilters(tableKey?: string) {
  const keys = useMemo(
    () => (tableKey ? { ...RUNS_TABLE, ...runTableKeys(tableKey) } : RUNS_TABLE),
    [tableKey],
  );
  return useTableUrlState(keys);
}

/** Which task's panel is open, kept in the URL (`task`, and `taskRun` on the list). */
export function useOpenTask() {
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const taskId = searchParams.get('task') ?? undefined;
  const runId = searchParams.get('taskRun') ?? undefined;
  const open = useCallback(
    (task: { taskId: string; runId?: string } | undefined) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        next.delete('task');
        next.delete('taskRun');
        next.delete('taskTab');
        if (task) {
          next.set('task', task.taskId);
          if (task.runId) next.set('taskRun', task.runId);
        }
        return next;
      }),
    [setSearchParams],
  );
  return { taskId, runId, open };
}
