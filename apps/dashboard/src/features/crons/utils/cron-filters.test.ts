import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CRON_FILTERS,
  activeCronFilterCount,
  cronListQuery,
  parseCronFilters,
  serializeCronFilters,
} from './cron-filters';

describe('cron list filters in the URL', () => {
  it('reads `{w, m}` and falls back to the defaults for anything malformed', () => {
    expect(parseCronFilters({ w: 'wf1', m: ['env:prod', 'broken'] })).toEqual({
      workflowId: 'wf1',
      metadata: ['env:prod'],
    });
    expect(parseCronFilters({ w: ['wf2', 'wf3'] }).workflowId).toBe('wf2');
    expect(parseCronFilters('nonsense')).toEqual(DEFAULT_CRON_FILTERS);
    expect(parseCronFilters({ w: 7, m: 'env:prod' })).toEqual(DEFAULT_CRON_FILTERS);
  });

  it('writes only what is set, and nothing for the defaults', () => {
    expect(serializeCronFilters(DEFAULT_CRON_FILTERS)).toBeUndefined();
    expect(serializeCronFilters({ workflowId: 'wf1', metadata: [] })).toEqual({ w: 'wf1' });
    const filters = { workflowId: 'wf1', metadata: ['env:prod'] };
    expect(parseCronFilters(serializeCronFilters(filters))).toEqual(filters);
    expect(activeCronFilterCount(filters)).toBe(2);
  });

  it('asks for a page newest first, with one workflow and the metadata pairs', () => {
    expect(
      cronListQuery({ workflowId: 'wf1', metadata: ['env:prod'] }, { offset: 50, limit: 50 }),
    ).toEqual({
      offset: 50,
      limit: 50,
      workflowId: 'wf1',
      additionalMetadata: ['env:prod'],
      orderByField: 'createdAt',
      orderByDirection: 'DESC',
    });
    expect(cronListQuery(DEFAULT_CRON_FILTERS, { offset: 0, limit: 25 })).toMatchObject({
      workflowId: undefined,
      additionalMetadata: undefined,
    });
  });
});
