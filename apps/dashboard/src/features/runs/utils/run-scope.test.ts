import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_FILTERS, RUNS_FILTER_KEY, RUNS_PAGINATION_KEY } from './run-filters';
import { runListQuery, taskFilterBody } from './run-filters';
import { runTableKeys, scopedRunListQuery, scopedTaskFilter } from './run-scope';

const range = { since: '2026-01-01T00:00:00.000Z' };
const page = { offset: 0, limit: 50 };

describe('runTableKeys', () => {
  it("names the keys after the table key, as the runs page's are", () => {
    expect(runTableKeys('workflow-runs-main')).toEqual({
      filterKey: RUNS_FILTER_KEY,
      paginationKey: RUNS_PAGINATION_KEY,
    });
    expect(runTableKeys('workflow-w1')).toEqual({
      filterKey: 'workflow-w1-workflow-runs-filters',
      paginationKey: 'pagination-runs-table-workflow-w1',
    });
  });
});

describe('scoped queries', () => {
  const filters = { ...DEFAULT_RUN_FILTERS, statuses: ['FAILED' as const], workflowIds: ['other'] };

  it("fix one workflow's runs, over any workflow the filters pick", () => {
    const scope = { tableKey: 'workflow-w1', workflowId: 'w1' };
    expect(scopedRunListQuery(runListQuery(filters, range, page), scope)).toMatchObject({
      workflow_ids: ['w1'],
      statuses: ['FAILED'],
      only_tasks: false,
    });
    expect(scopedTaskFilter(taskFilterBody(filters, range), scope)).toEqual({
      since: range.since,
      statuses: ['FAILED'],
      workflowIds: ['w1'],
    });
  });

  it("list a worker's tasks, and act on the runs it ran", () => {
    const scope = { tableKey: 'worker-k1', workerId: 'k1' };
    expect(scopedRunListQuery(runListQuery(DEFAULT_RUN_FILTERS, range, page), scope)).toMatchObject(
      { worker_id: 'k1', only_tasks: true },
    );
    expect(scopedTaskFilter(taskFilterBody(DEFAULT_RUN_FILTERS, range), scope)).toEqual({
      since: range.since,
      workerId: 'k1',
    });
  });

  it('leave an unscoped list as it is', () => {
    const query = runListQuery(filters, range, page);
    expect(scopedRunListQuery(query, undefined)).toBe(query);
  });
});
