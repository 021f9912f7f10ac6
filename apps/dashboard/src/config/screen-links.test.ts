import { describe, expect, it } from 'vitest';
import {
  cronJobsHref,
  eventsHref,
  filtersHref,
  scheduledRunsHref,
  webhooksHref,
} from './screen-links';

const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('links into the events, filters and webhooks screens', () => {
  it('leaves the list unfiltered when nothing is given', () => {
    expect(eventsHref('t1')).toBe('/tenants/t1/events');
    expect(filtersHref('t1', { workflowIds: [] })).toBe('/tenants/t1/filters');
    expect(webhooksHref('t1')).toBe('/tenants/t1/webhooks');
  });

  it('writes the filter objects the lists read, and the panel parameter', () => {
    expect(query(eventsHref('t1', { keys: ['order.created'], eventId: 'e1' }))).toEqual({
      'events-table': '{"k":["order.created"]}',
      event: 'e1',
    });
    expect(query(filtersHref('t1', { workflowIds: ['w1'], scopes: ['eu'] }))).toEqual({
      'filters-table': '{"w":["w1"],"s":["eu"]}',
    });
    expect(query(filtersHref('t1', { filterId: 'f1' }))).toEqual({ filter: 'f1' });
    expect(webhooksHref('t1', { webhook: 'gh hooks' })).toBe(
      '/tenants/t1/webhooks?webhook=gh+hooks',
    );
  });
});

describe('links into the cron jobs and scheduled runs screens', () => {
  it('writes `{w}` and `{w, s}` with one workflow and the panel parameter', () => {
    expect(cronJobsHref('t1')).toBe('/tenants/t1/cron-jobs');
    expect(query(cronJobsHref('t1', { workflowId: 'w1', cronId: 'c1' }))).toEqual({
      'crons-table': '{"w":"w1"}',
      cron: 'c1',
    });
    expect(query(scheduledRunsHref('t1', { workflowId: 'w1', statuses: ['SCHEDULED'] }))).toEqual({
      'scheduled-runs-table': '{"w":"w1","s":["SCHEDULED"]}',
    });
    expect(query(scheduledRunsHref('t1', { scheduledRunId: 's1' }))).toEqual({
      scheduledRun: 's1',
    });
  });
});
