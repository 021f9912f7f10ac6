import { describe, expect, it } from 'vitest';
import { durableLogNode } from '@/testing/durable-log-node';
import type { V1TaskEvent } from '@/types/api';
import { comeBackText, currentEviction } from './durable-eviction';
import type { TextPart } from './durable-eviction';

const event = (id: number, eventType: V1TaskEvent['eventType'], ms: number): V1TaskEvent => ({
  id,
  taskId: 't1',
  timestamp: new Date(ms).toISOString(),
  eventType,
  message: eventType === 'DURABLE_EVICTED' ? 'waited longer than 15m' : '',
});

const node = durableLogNode;

const SLEEP = node({
  nodeId: 2,
  waitData: [{ kind: 'SLEEP', sleepDurationMs: 3_600_000 }],
  dueAt: '2026-05-01T11:00:00.000Z',
});
const EVENT = node({ nodeId: 3, waitData: [{ kind: 'USER_EVENT', eventKey: 'order:paid' }] });
const DONE = node({ kind: 'MEMO', isSatisfied: true, result: 1 });

/** The parts as one string, each time as <ISO>. */
const text = (parts: TextPart[]) =>
  parts.map((part) => (typeof part === 'string' ? part : `<${part.time}>`)).join('');

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

describe('when an evicted task comes back', () => {
  it('is at the end of the sleep it waits on', () => {
    expect(text(comeBackText([DONE, SLEEP]))).toBe(
      'It comes back when “Sleep 1h” completes — at <2026-05-01T11:00:00.000Z>.',
    );
  });

  it('is when the event it waits for arrives, and says when a sleep beside it ends', () => {
    expect(text(comeBackText([DONE, EVENT]))).toBe(
      'It comes back when “Wait for event order:paid” completes — when the event arrives.',
    );
    const eventOrSleep = node({
      waitData: [
        {
          or: [
            { kind: 'USER_EVENT', eventKey: 'order:paid' },
            { kind: 'SLEEP', sleepDurationMs: 60_000 },
          ],
        },
      ],
      dueAt: '2026-05-01T10:01:00.000Z',
    });
    expect(text(comeBackText([eventOrSleep]))).toBe(
      'It comes back when “Wait for event order:paid or sleep 1m” completes — when the event ' +
        'arrives (its sleep ends at <2026-05-01T10:01:00.000Z>).',
    );
  });

  it('is when a spawned run finishes', () => {
    const run = node({ kind: 'RUN', waitData: [{ kind: 'CHILD_WORKFLOW', workflowName: 'a' }] });
    expect(text(comeBackText([run]))).toBe(
      'It comes back when “Spawned run a” completes — when the spawned run finishes.',
    );
  });

  it('waits for all of its open nodes', () => {
    expect(text(comeBackText([SLEEP, DONE, EVENT]))).toBe(
      'It comes back when all of these complete: “Sleep 1h” — at <2026-05-01T11:00:00.000Z>; ' +
        '“Wait for event order:paid” — when the event arrives.',
    );
  });

  it('falls back to words when no node is open', () => {
    expect(text(comeBackText([DONE]))).toBe('It comes back when what it waits for completes.');
  });
});
