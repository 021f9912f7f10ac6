// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStatus } from '@/hooks/use-live-status';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { FakeEventSource } from '@/testing/fake-event-source';
import type { V1LiveChanges } from '@/types/api';
import { LiveUpdatesProvider } from './live-updates-provider';

const RUNS = ['tenants', 't1', 'runs'];

function Probe() {
  const status = useLiveStatus();
  const { refetchInterval } = useRefetchInterval();
  return <p data-testid="probe">{`${status} ${String(refetchInterval)}`}</p>;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let fetches = 0;
  new QueryObserver(client, {
    queryKey: [...RUNS, 'list'],
    queryFn: () => ++fetches,
  }).subscribe(() => {});
  const queryKeysFor = vi.fn((_tenantId: string, changes: V1LiveChanges) =>
    changes.runs.length > 0 ? [RUNS] : [],
  );
  const patchCache = vi.fn();
  const ui = (tenantId: string, coversScreen = true) => (
    <QueryClientProvider client={client}>
      <LiveUpdatesProvider
        tenantId={tenantId}
        queryKeysFor={queryKeysFor}
        patchCache={patchCache}
        coversScreen={coversScreen}
      >
        <Probe />
      </LiveUpdatesProvider>
    </QueryClientProvider>
  );
  const view = render(ui('t1'));
  return {
    queryKeysFor,
    patchCache,
    fetches: () => fetches,
    rerender: (tenantId: string, coversScreen?: boolean) =>
      view.rerender(ui(tenantId, coversScreen)),
    unmount: view.unmount,
  };
}

const probe = () => screen.getByTestId('probe').textContent;
const message = '{"runs":["r1"],"tasks":[],"logs":[],"workers":[]}';

describe('LiveUpdatesProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens the tenant's stream; its lists stop polling while it is live", () => {
    const { rerender } = setup();
    expect(FakeEventSource.latest().url).toBe('/api/v1/stable/tenants/t1/live');
    expect(probe()).toBe('connecting 10000');
    act(() => FakeEventSource.latest().open());
    expect(probe()).toBe('live false');
    // A screen the stream does not cover keeps polling.
    rerender('t1', false);
    expect(probe()).toBe('live 10000');
    act(() => FakeEventSource.latest().fail(FakeEventSource.CONNECTING));
    rerender('t1', true);
    expect(probe()).toBe('connecting 10000');
  });

  it('patches the cache with each change, then refetches what it touches', async () => {
    const { queryKeysFor, patchCache, fetches } = setup();
    await act(async () => {});
    expect(fetches()).toBe(1);
    act(() => FakeEventSource.latest().open());
    await act(async () => FakeEventSource.latest().emit('changes', message, 'f:1'));
    expect(queryKeysFor).toHaveBeenCalledWith('t1', {
      runs: ['r1'],
      tasks: [],
      logs: [],
      workers: [],
      all: false,
    });
    expect(patchCache).toHaveBeenCalledWith(expect.any(QueryClient), 't1', {
      runs: ['r1'],
      tasks: [],
      logs: [],
      workers: [],
      all: false,
    });
    expect(fetches()).toBe(2);
  });

  it('neither patches nor refetches while frozen, only marks stale', async () => {
    localStorage.setItem('app-refetch-interval-frozen', 'true');
    const { patchCache, fetches } = setup();
    await act(async () => {});
    act(() => FakeEventSource.latest().open());
    await act(async () => FakeEventSource.latest().emit('changes', message, 'f:1'));
    expect(fetches()).toBe(1);
    expect(patchCache).not.toHaveBeenCalled();
  });

  it('follows the tenant, and closes the stream when it goes', () => {
    const { rerender, unmount } = setup();
    const first = FakeEventSource.latest();
    rerender('t2');
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.latest().url).toBe('/api/v1/stable/tenants/t2/live');
    unmount();
    expect(FakeEventSource.latest().readyState).toBe(FakeEventSource.CLOSED);
  });
});
