import { describe, expect, it } from 'vitest';
import type { V1TaskEvent } from '@/types/api';
import { currentEviction } from './eviction';

const event = (id: number, eventType: V1TaskEvent['eventType'], ms: number): V1TaskEvent => ({
  id,
  taskId: 't1',
  timestamp: new Date(ms).toISOString(),
  eventType,
  message: eventType === 'DURABLE_EVICTED' ? 'waited longer than 15m' : '',
});

describe('an evicted durable task', () => {
  const started = [event(1, 'QUEUED', 0), event(2, 'ASSIGNED', 10), event(3, 'STARTED', 11)];

  const running = { status: 'RUNNING' } as const;
  const reason = { reason: 'waited longer than 15m' };

  it('is a running task whose latest event is its eviction', () => {
    const evicted = event(4, 'DURABLE_EVICTED', 20);
    expect(currentEviction(running, [...started, evicted])).toEqual(reason);
    expect(currentEviction(running, started)).toBeUndefined();
    expect(currentEviction(running, [])).toBeUndefined();
  });

  it('is no longer evicted once restored, assigned or started again', () => {
    const evicted = [...started, event(4, 'DURABLE_EVICTED', 20)];
    for (const next of ['DURABLE_RESTORING', 'ASSIGNED', 'STARTED'] as const) {
      expect(currentEviction(running, [...evicted, event(5, next, 30)])).toBeUndefined();
    }
  });

  it('is not evicted once it has finished, whatever its events', () => {
    const events = [...started, event(4, 'DURABLE_EVICTED', 20)];
    expect(currentEviction({ status: 'CANCELLED' }, events)).toBeUndefined();
    expect(currentEviction({ status: 'COMPLETED', isEvicted: true }, events)).toBeUndefined();
  });

  it('orders events as the engine recorded them, not by their clocks', () => {
    // The worker's clock put the first STARTED after the server stamped the eviction.
    const evicted = event(4, 'DURABLE_EVICTED', 20);
    expect(currentEviction(running, [evicted, event(3, 'STARTED', 25)])).toEqual(reason);
  });

  it("takes the server's word when it gives one, and the latest eviction's reason", () => {
    const evictions = [event(4, 'DURABLE_EVICTED', 20), event(5, 'STARTED', 30)];
    expect(currentEviction({ ...running, isEvicted: true }, evictions)).toEqual(reason);
    expect(
      currentEviction({ ...running, isEvicted: false }, [event(4, 'DURABLE_EVICTED', 20)]),
    ).toBeUndefined();
    // A list row has no events: evicted, for a reason it does not know.
    expect(currentEviction({ ...running, isEvicted: true })).toEqual({ reason: '' });
  });
});
