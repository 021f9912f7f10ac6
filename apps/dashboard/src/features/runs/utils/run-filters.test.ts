import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RUN_FILTERS,
  activeFilterCount,
  parseRunFilters,
  resolveTimeRange,
  runListQuery,
  serializeRunFilters,
  taskFilterBody,
  toggleStatus,
} from './run-filters';

describe('run filters in the URL', () => {
  it('reads the short keys and falls back to defaults for bad values', () => {
    expect(parseRunFilters(undefined)).toEqual(DEFAULT_RUN_FILTERS);
    expect(
      parseRunFilters({
        tw: '7d',
        st: ['FAILED', 'BOGUS'],
        w: ['wf-1', 3],
        m: ['env:prod', 'no-colon'],
        f: true,
      }),
    ).toEqual({
      ...DEFAULT_RUN_FILTERS,
      timeWindow: '7d',
      statuses: ['FAILED'],
      workflowIds: ['wf-1'],
      metadata: ['env:prod'],
      flatten: true,
    });
    expect(parseRunFilters({ tw: '2y', ctr: true }).customRange).toBe(false);
  });

  it('treats every status selected as no status filter', () => {
    const all = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED'];
    expect(parseRunFilters({ st: all }).statuses).toEqual([]);
  });

  it('round-trips through the URL object and drops defaults', () => {
    expect(serializeRunFilters(DEFAULT_RUN_FILTERS)).toBeUndefined();
    const custom = {
      ...DEFAULT_RUN_FILTERS,
      customRange: true,
      since: '2025-01-01T00:00:00.000Z',
      until: '2025-01-02T00:00:00.000Z',
      statuses: ['RUNNING' as const],
    };
    const object = serializeRunFilters(custom);
    expect(object).toEqual({
      ctr: true,
      s: '2025-01-01T00:00:00.000Z',
      u: '2025-01-02T00:00:00.000Z',
      st: ['RUNNING'],
    });
    expect(parseRunFilters(JSON.parse(JSON.stringify(object)))).toEqual(custom);
  });

  it('counts only filters that differ from the defaults', () => {
    expect(activeFilterCount(DEFAULT_RUN_FILTERS)).toBe(0);
    expect(
      activeFilterCount({
        ...DEFAULT_RUN_FILTERS,
        timeWindow: '1h',
        metadata: ['a:b'],
        flatten: true,
      }),
    ).toBe(3);
  });
});

describe('time range', () => {
  const now = Date.parse('2025-03-10T12:34:56.789Z');

  it('ends a preset window at the current minute', () => {
    expect(resolveTimeRange({ ...DEFAULT_RUN_FILTERS, timeWindow: '1h' }, now)).toEqual({
      since: '2025-03-10T11:34:00.000Z',
    });
  });

  it('uses the custom range when set', () => {
    const range = resolveTimeRange(
      {
        timeWindow: '1d',
        customRange: true,
        since: '2025-03-01T00:00:00Z',
        until: '2025-03-02T00:00:00Z',
      },
      now,
    );
    expect(range).toEqual({ since: '2025-03-01T00:00:00Z', until: '2025-03-02T00:00:00Z' });
  });
});

describe('status badges', () => {
  it('narrows to the clicked status when all are shown', () => {
    expect(toggleStatus([], 'FAILED')).toEqual(['FAILED']);
  });

  it('adds and removes, and shows all again when the last one goes', () => {
    expect(toggleStatus(['FAILED'], 'RUNNING')).toEqual(['FAILED', 'RUNNING']);
    expect(toggleStatus(['FAILED', 'RUNNING'], 'FAILED')).toEqual(['RUNNING']);
    expect(toggleStatus(['FAILED'], 'FAILED')).toEqual([]);
  });

  it('treats selecting the fifth status as all', () => {
    expect(toggleStatus(['COMPLETED', 'RUNNING', 'FAILED', 'CANCELLED'], 'QUEUED')).toEqual([]);
  });
});

describe('API requests', () => {
  const filters = {
    ...DEFAULT_RUN_FILTERS,
    statuses: ['FAILED' as const],
    workflowIds: ['w1'],
    metadata: ['env:prod'],
    flatten: true,
  };
  const range = { since: '2025-01-01T00:00:00Z', until: '2025-01-02T00:00:00Z' };

  it('builds the list query', () => {
    expect(runListQuery(filters, range, { offset: 50, limit: 50 })).toEqual({
      since: range.since,
      until: range.until,
      only_tasks: true,
      offset: 50,
      limit: 50,
      statuses: ['FAILED'],
      workflow_ids: ['w1'],
      additional_metadata: ['env:prod'],
      include_payloads: false,
    });
    const plain = runListQuery(
      DEFAULT_RUN_FILTERS,
      { since: range.since },
      { offset: 0, limit: 25 },
    );
    expect(plain.statuses).toBeUndefined();
    expect(plain.only_tasks).toBe(false);
  });

  it('builds the cancel/replay filter body without empty fields', () => {
    expect(taskFilterBody(filters, range)).toEqual({
      since: range.since,
      until: range.until,
      statuses: ['FAILED'],
      workflowIds: ['w1'],
      additionalMetadata: ['env:prod'],
    });
    expect(taskFilterBody(DEFAULT_RUN_FILTERS, { since: range.since })).toEqual({
      since: range.since,
    });
  });
});
