import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULED_RUN_FILTERS,
  activeScheduledRunFilterCount,
  parseScheduledRunFilters,
  scheduledRunListQuery,
  scheduledRunScope,
  serializeScheduledRunFilters,
} from './scheduled-run-filters';

describe('scheduled run filters in the URL', () => {
  it('reads `{w, s, m}`, keeping only scheduled-run statuses', () => {
    expect(
      parseScheduledRunFilters({
        w: 'wf1',
        // COMPLETED is a v1 run status: the scheduled endpoint would refuse it.
        s: ['SCHEDULED', 'COMPLETED', 'SUCCEEDED'],
        m: ['env:prod', 'broken'],
      }),
    ).toEqual({ workflowId: 'wf1', statuses: ['SCHEDULED', 'SUCCEEDED'], metadata: ['env:prod'] });
    expect(parseScheduledRunFilters('{oops')).toEqual(DEFAULT_SCHEDULED_RUN_FILTERS);
  });

  it('writes only what is set and reads it back', () => {
    expect(serializeScheduledRunFilters(DEFAULT_SCHEDULED_RUN_FILTERS)).toBeUndefined();
    const filters = {
      workflowId: 'wf1',
      statuses: ['FAILED' as const],
      metadata: ['team:data'],
    };
    expect(serializeScheduledRunFilters(filters)).toEqual({
      w: 'wf1',
      s: ['FAILED'],
      m: ['team:data'],
    });
    expect(parseScheduledRunFilters(serializeScheduledRunFilters(filters))).toEqual(filters);
    expect(activeScheduledRunFilterCount(filters)).toBe(3);
  });

  it('asks for a page, latest trigger time first, and scopes a bulk delete the same way', () => {
    const filters = { workflowId: 'wf1', statuses: ['SCHEDULED' as const], metadata: [] };
    expect(scheduledRunListQuery(filters, { offset: 0, limit: 50 })).toEqual({
      offset: 0,
      limit: 50,
      workflowId: 'wf1',
      statuses: ['SCHEDULED'],
      additionalMetadata: undefined,
      orderByField: 'triggerAt',
      orderByDirection: 'DESC',
    });
    expect(scheduledRunScope(filters)).toEqual({
      workflowId: 'wf1',
      statuses: ['SCHEDULED'],
      additionalMetadata: undefined,
    });
  });
});
