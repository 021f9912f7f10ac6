import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_FILTERS,
  activeEventFilterCount,
  eventListQuery,
  parseEventFilters,
  serializeEventFilters,
} from './event-filters';

describe('event filters in the URL', () => {
  it('reads the short keys and drops what does not fit', () => {
    expect(
      parseEventFilters({
        k: ['order.created', 3],
        w: ['w1'],
        s: ['eu'],
        st: ['FAILED', 'BOGUS', 'COMPLETED'],
        m: ['env:prod', 'broken'],
        i: ['e1'],
      }),
    ).toEqual({
      keys: ['order.created'],
      workflowIds: ['w1'],
      scopes: ['eu'],
      statuses: ['COMPLETED', 'FAILED'],
      metadata: ['env:prod'],
      eventIds: ['e1'],
    });
    expect(parseEventFilters('not an object')).toEqual(DEFAULT_EVENT_FILTERS);
  });

  it('writes only the filters that are set, and nothing when none is', () => {
    expect(serializeEventFilters(DEFAULT_EVENT_FILTERS)).toBeUndefined();
    const filters = { ...DEFAULT_EVENT_FILTERS, keys: ['a'], statuses: ['FAILED' as const] };
    expect(serializeEventFilters(filters)).toEqual({ k: ['a'], st: ['FAILED'] });
    expect(parseEventFilters(serializeEventFilters(filters))).toEqual(filters);
    expect(activeEventFilterCount(filters)).toBe(2);
  });

  it('asks for a page with only the filters that are set', () => {
    expect(eventListQuery(DEFAULT_EVENT_FILTERS, { offset: 50, limit: 50 })).toEqual({
      offset: 50,
      limit: 50,
      keys: undefined,
      workflowIds: undefined,
      workflowRunStatuses: undefined,
      eventIds: undefined,
      additionalMetadata: undefined,
      scopes: undefined,
    });
    expect(
      eventListQuery(
        { ...DEFAULT_EVENT_FILTERS, statuses: ['RUNNING'], metadata: ['env:prod'] },
        { offset: 0, limit: 25 },
      ),
    ).toMatchObject({ workflowRunStatuses: ['RUNNING'], additionalMetadata: ['env:prod'] });
  });
});
