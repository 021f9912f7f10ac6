import { useCallback } from 'react';

import { DEFAULT_PAGE_SIZE, parsePagination, readJsonParam, withJsonParam } from '@/lib/url-state';
import type { PaginationState } from '@/lib/url-state';
import { useComposedSearchParams } from '@/hooks/use-composed-search-params';
import {
  RUNS_FILTER_KEY,
  RUNS_PAGINATION_KEY,
  parseRunFilters,
  serializeRunFilters,
} from '../utils/run-filters';
import type { RunFilters } from '../utils/run-filters';

/**
 * The runs list's filters and page, read from and written to the URL, so a reload, the back
 * button and a shared link all show the same list. Changing a filter goes back to page 1.
 */
export function useRunFilters() {
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const filters = parseRunFilters(readJsonParam(searchParams, RUNS_FILTER_KEY));
  const pagination = parsePagination(readJsonParam(searchParams, RUNS_PAGINATION_KEY));

  const setFilters = useCallback(
    (update: (current: RunFilters) => RunFilters) =>
      setSearchParams((previous) => {
        const current = parseRunFilters(readJsonParam(previous, RUNS_FILTER_KEY));
        const next = withJsonParam(previous, RUNS_FILTER_KEY, serializeRunFilters(update(current)));
        return withJsonParam(next, RUNS_PAGINATION_KEY, undefined);
      }),
    [setSearchParams],
  );

  const setPagination = useCallback(
    (next: PaginationState) =>
      setSearchParams((previous) =>
        withJsonParam(
          previous,
          RUNS_PAGINATION_KEY,
          next.pageIndex === 0 && next.pageSize === DEFAULT_PAGE_SIZE
            ? undefined
            : { i: next.pageIndex, s: next.pageSize },
        ),
      ),
    [setSearchParams],
  );

  return { filters, setFilters, pagination, setPagination };
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
