import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '@/hooks/use-live-status';
import { FakeEventSource } from '@/testing/fake-event-source';
import type { V1LiveChanges } from '@/types/api';
import {
  EVERYTHING,
  RETRY_MAX_MS,
  liveStreamUrl,
  openLiveStream,
  parseChanges,
  retryDelay,
} from './live-stream';

const TENANT = '707d0855-80ab-4e1f-a156-f1c4546cbf52';

function open() {
  const statuses: LiveStatus[] = [];
  const changes: V1LiveChanges[] = [];
  const close = openLiveStream(
    TENANT,
    { onStatus: (status) => statuses.push(status), onChanges: (next) => changes.push(next) },
    (url) => new FakeEventSource(url, { withCredentials: true }) as unknown as EventSource,
  );
  return { statuses, changes, close };
}

describe('live stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => vi.useRealTimers());

  it("opens the tenant's stream with credentials and is live once it opens", () => {
    const { statuses } = open();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`/api/v1/stable/tenants/${TENANT}/live`);
    expect(source.init).toEqual({ withCredentials: true });
    expect(statuses).toEqual(['connecting']);
    source.open();
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('hands over each change; reset and unreadable messages mean everything', () => {
    const { changes } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.emit('changes', '{"runs":["r1"],"tasks":["t1"],"logs":[],"workers":["w1"]}', 'f:1');
    source.emit('reset', '{}');
    source.emit('changes', 'not json', 'f:2');
    expect(changes).toEqual([
      { runs: ['r1'], tasks: ['t1'], logs: [], workers: ['w1'], all: false },
      EVERYTHING,
      EVERYTHING,
    ]);
  });

  it('leaves a dropped connection to the browser, which resumes it', () => {
    const { statuses } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.fail(FakeEventSource.CONNECTING);
    expect(statuses.at(-1)).toBe('connecting');
    vi.advanceTimersByTime(RETRY_MAX_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    source.open();
    expect(statuses.at(-1)).toBe('live');
  });

  it('reopens a refused stream after a growing pause, resuming from the last event', () => {
    const { statuses } = open();
    const first = FakeEventSource.latest();
    first.open();
    first.emit('changes', '{"runs":[],"tasks":[],"logs":[],"workers":[]}', 'feed:7');
    first.fail(FakeEventSource.CLOSED);
    expect(statuses.at(-1)).toBe('offline');

    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeEventSource.latest();
    expect(second.url).toBe(`/api/v1/stable/tenants/${TENANT}/live?lastEventId=feed%3A7`);
    expect(statuses.at(-1)).toBe('connecting');

    // Refused again: twice the pause.
    second.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeEventSource.latest();
    third.open();
    expect(statuses.at(-1)).toBe('live');

    // Open again: the next refusal starts from the shortest pause.
    third.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('is offline where there is no EventSource: the lists poll instead', () => {
    vi.stubGlobal('EventSource', undefined);
    const statuses: LiveStatus[] = [];
    const close = openLiveStream(TENANT, {
      onStatus: (status) => statuses.push(status),
      onChanges: () => {},
    });
    expect(statuses).toEqual(['offline']);
    close();
    vi.unstubAllGlobals();
  });

  it('refetches everything when it reopens with nothing to resume from', () => {
    const { changes } = open();
    const source = FakeEventSource.latest();
    source.open();
    expect(changes).toEqual([]);
    source.fail(FakeEventSource.CONNECTING);
    source.open();
    expect(changes).toEqual([EVERYTHING]);
    source.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(RETRY_MAX_MS);
    FakeEventSource.latest().open();
    expect(changes).toEqual([EVERYTHING, EVERYTHING]);
  });

  it('closes for good, also while waiting to reopen', () => {
    const { close } = open();
    const source = FakeEventSource.latest();
    source.fail(FakeEventSource.CLOSED);
    close();
    vi.advanceTimersByTime(RETRY_MAX_MS * 2);
    expect(FakeEventSource.instances).toHaveLength(1);

    const other = open();
    other.close();
    expect(FakeEventSource.latest().readyState).toBe(FakeEventSource.CLOSED);
  });
});

describe('parseChanges', () => {
  it('reads the ids and the all flag', () => {
    expect(parseChanges('{"runs":[],"tasks":[],"logs":[],"workers":[],"all":true}')).toEqual(
      EVERYTHING,
    );
  });

  it('keeps the run rows a message carries, or leaves them out when they cannot be placed', () => {
    const row = { metadata: { id: 'r1' }, createdAt: '2026-11-27T10:00:00Z', status: 'RUNNING' };
    const ids = '"runs":["r1"],"tasks":[],"logs":[],"workers":[]';
    expect(parseChanges(`{${ids},"rows":[${JSON.stringify(row)}]}`)?.rows).toEqual([row]);
    expect(parseChanges(`{${ids},"rows":[{"metadata":{}}]}`)).toEqual({
      runs: ['r1'],
      tasks: [],
      logs: [],
      workers: [],
      all: false,
    });
  });

  it('refuses anything else', () => {
    expect(parseChanges('null')).toBeUndefined();
    expect(parseChanges('{"runs":[1],"tasks":[],"logs":[],"workers":[]}')).toBeUndefined();
    expect(parseChanges('{"runs":[],"tasks":[],"logs":[]}')).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('doubles from a second up to a minute, spread by a quarter either way', () => {
    expect(retryDelay(0, 0.5)).toBe(1_000);
    expect(retryDelay(3, 0.5)).toBe(8_000);
    expect(retryDelay(20, 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelay(0, 0)).toBe(750);
    expect(retryDelay(0, 1)).toBe(1_250);
  });
});

describe('liveStreamUrl', () => {
  it('names where to resume when there is a last event', () => {
    expect(liveStreamUrl('t', 'a:1')).toBe('/api/v1/stable/tenants/t/live?lastEventId=a%3A1');
    expect(liveStreamUrl('t')).toBe('/api/v1/stable/tenants/t/live');
  });
});
