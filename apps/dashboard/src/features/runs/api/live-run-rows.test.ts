import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResponse, V1TaskSummary } from '@/types/api';
import type { RunListQuery } from './list-runs';
import { mergeRunRows, receiveLiveRunRows, withRowsReceivedSince } from './live-run-rows';

const SINCE = '2026-11-27T09:00:00.000Z';

function row(id: string, minute: number, extra: Partial<V1TaskSummary> = {}): V1TaskSummary {
  const createdAt = `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    metadata: { id, createdAt, updatedAt: createdAt },
    createdAt,
    status: 'RUNNING',
    workflowId: 'wf',
    additionalMetadata: {},
    ...extra,
  } as V1TaskSummary;
}

function query(extra: Partial<RunListQuery> = {}): RunListQuery {
  return {
    since: SINCE,
    until: undefined,
    only_tasks: false,
    offset: 0,
    limit: 3,
    statuses: undefined,
    workflow_ids: undefined,
    additional_metadata: undefined,
    include_payloads: false,
    ...extra,
  };
}

const page = (...rows: V1TaskSummary[]): ListResponse<V1TaskSummary> => ({
  pagination: { current_page: 1, num_pages: 1 },
  rows,
});
const ids = (result: ListResponse<V1TaskSummary>) => result.rows.map((r) => r.metadata.id);

describe('mergeRunRows', () => {
  it('replaces a listed run with its pushed row, and leaves a page it does not touch as it is', () => {
    const listed = page(row('b', 2), row('a', 1));
    const merged = mergeRunRows(listed, query(), [row('a', 1, { status: 'COMPLETED' })]);
    expect(merged.rows.map((r) => r.status)).toEqual(['RUNNING', 'COMPLETED']);
    expect(mergeRunRows(listed, query(), [])).toBe(listed);
    expect(mergeRunRows(listed, query({ statuses: ['FAILED'] }), [row('z', 9)])).toBe(listed);
  });

  it('puts a new run where the newest-first order places it, keeping the page size', () => {
    const listed = page(row('c', 5), row('b', 3), row('a', 1));
    expect(ids(mergeRunRows(listed, query(), [row('d', 4)]))).toEqual(['c', 'd', 'b']);
    expect(ids(mergeRunRows(listed, query(), [row('e', 6)]))).toEqual(['e', 'c', 'b']);
    // Older than a full page's last row: it belongs to a later page.
    expect(mergeRunRows(listed, query(), [row('old', 0)])).toBe(listed);
    // Same time: the larger id first, as the server orders.
    expect(ids(mergeRunRows(page(row('b', 1)), query(), [row('c', 1)]))).toEqual(['c', 'b']);
    // A page short of its size takes older runs at its end.
    expect(ids(mergeRunRows(page(row('b', 3)), query(), [row('a', 1)]))).toEqual(['b', 'a']);
  });

  it('adds new runs only to a first page, and only those its filters match', () => {
    const listed = page(row('a', 1));
    const fresh = (extra: Partial<V1TaskSummary> = {}) => [row('n', 8, extra)];
    const unchanged = (q: Partial<RunListQuery>, extra?: Partial<V1TaskSummary>) =>
      expect(mergeRunRows(listed, query(q), fresh(extra))).toBe(listed);
    unchanged({ offset: 3 });
    unchanged({ statuses: ['QUEUED'] });
    unchanged({ workflow_ids: ['other'] });
    unchanged({ since: '2026-11-27T10:30:00.000Z' });
    unchanged({ until: '2026-11-27T10:05:00.000Z' });
    unchanged({ additional_metadata: ['team:a'] }, { additionalMetadata: { team: 'b' } });
    unchanged({ parent_task_external_id: 'p1' });
    // Filters the row cannot answer: the refetch brings it if it belongs.
    unchanged({ triggering_event_external_id: 'e1' });
    unchanged({ worker_id: 'w1' });
    unchanged({ only_tasks: true });

    const added = (q: Partial<RunListQuery>, extra?: Partial<V1TaskSummary>) =>
      expect(ids(mergeRunRows(listed, query(q), fresh(extra)))).toEqual(['n', 'a']);
    added({ statuses: ['RUNNING'], workflow_ids: ['wf'] });
    added({ additional_metadata: ['team:b', 'team:a'] }, { additionalMetadata: { team: 'a' } });
    added({ parent_task_external_id: 'p1' }, { parentTaskExternalId: 'p1' });
  });

  it('takes a listed run off a page filtered on statuses it has left', () => {
    const listed = page(row('b', 2), row('a', 1));
    const merged = mergeRunRows(listed, query({ statuses: ['RUNNING'] }), [
      row('a', 1, { status: 'COMPLETED' }),
    ]);
    expect(ids(merged)).toEqual(['b']);
  });
});

describe('receiving pushed rows', () => {
  const LISTS = ['tenants', 't1', 'workflow-runs', 'list'];
  afterEach(() => vi.useRealTimers());

  it('patches every cached run list of the tenant', () => {
    const client = new QueryClient();
    client.setQueryData([...LISTS, query({ limit: 2 })], page(row('a', 1), row('y', 0)));
    client.setQueryData([...LISTS, query({ offset: 3 })], page(row('z', 0)));
    client.setQueryData(['tenants', 't2', 'workflow-runs', 'list', query()], page(row('q', 1)));
    receiveLiveRunRows(client, 't1', LISTS, [row('b', 2), row('z', 0, { status: 'FAILED' })]);
    const data = (q: RunListQuery, key = LISTS) =>
      client.getQueryData<ListResponse<V1TaskSummary>>([...key, q])!;
    expect(ids(data(query({ limit: 2 })))).toEqual(['b', 'a']);
    expect(data(query({ offset: 3 })).rows[0]!.status).toBe('FAILED');
    expect(ids(data(query(), ['tenants', 't2', 'workflow-runs', 'list']))).toEqual(['q']);
  });

  it('keeps what a response read before the rows pushed while it was on its way', () => {
    vi.useFakeTimers({ now: 1_000 });
    const client = new QueryClient();
    receiveLiveRunRows(client, 't3', LISTS, [row('a', 1, { status: 'QUEUED' })]);
    const requestedAt = Date.now() + 1;
    vi.setSystemTime(2_000);
    receiveLiveRunRows(client, 't3', LISTS, [row('b', 2, { status: 'COMPLETED' })]);
    // The response still has b running, and a as it is now; b's pushed row is newer.
    const response = page(row('b', 2), row('a', 1, { status: 'COMPLETED' }));
    const merged = withRowsReceivedSince('t3', query(), response, requestedAt);
    expect(merged.rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    // A response requested after every push is taken as it is.
    expect(withRowsReceivedSince('t3', query(), response, 3_000)).toBe(response);
  });
});
