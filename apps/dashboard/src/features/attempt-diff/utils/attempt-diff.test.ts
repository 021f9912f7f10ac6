import { describe, expect, it } from 'vitest';
import type { V1TaskEvent } from '@/types/api';
import {
  attemptNumbers,
  attemptOrigin,
  attemptOutput,
  defaultPair,
  diffEvents,
  diffJson,
  diffOutputs,
  diffText,
  eventsOfAttempt,
  workerOfAttempt,
} from './attempt-diff';

let nextId = 1;
function event(
  attempt: number,
  eventType: V1TaskEvent['eventType'],
  at: number,
  workerId?: string,
): V1TaskEvent {
  return {
    id: nextId++,
    taskId: 'task',
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, at)).toISOString(),
    eventType,
    message: '',
    attempt,
    retryCount: attempt - 1,
    ...(workerId ? { workerId } : {}),
  };
}

describe('diffText', () => {
  it('marks on each side the lines the other lacks', () => {
    const diff = diffText('a\nb\nc', 'a\nx\nc');
    expect(diff.same).toBe(false);
    expect(diff.left).toEqual([
      { text: 'a', changed: false },
      { text: 'b', changed: true },
      { text: 'c', changed: false },
    ]);
    expect(diff.right).toEqual([
      { text: 'a', changed: false },
      { text: 'x', changed: true },
      { text: 'c', changed: false },
    ]);
  });

  it('says equal texts are the same, and an empty side has no lines', () => {
    expect(diffText('one\ntwo', 'one\ntwo')).toMatchObject({ same: true });
    const diff = diffText('', 'boom');
    expect(diff.left).toEqual([]);
    expect(diff.right).toEqual([{ text: 'boom', changed: true }]);
  });
});

describe('diffJson', () => {
  it('compares pretty-printed values line by line', () => {
    const diff = diffJson({ ok: true, n: 1 }, { ok: true, n: 2 });
    expect(diff.left.filter((line) => line.changed).map((line) => line.text)).toEqual(['  "n": 1']);
    expect(diff.right.filter((line) => line.changed).map((line) => line.text)).toEqual([
      '  "n": 2',
    ]);
    expect(diffJson({ a: [1, 2] }, { a: [1, 2] }).same).toBe(true);
  });
});

describe('attempts', () => {
  it('numbers the attempts and picks the last two first', () => {
    expect(attemptNumbers({ attempt: 3 })).toEqual([1, 2, 3]);
    expect(attemptNumbers({})).toEqual([1]);
    expect(defaultPair({ attempt: 3 })).toEqual([2, 3]);
    expect(defaultPair({ attempt: 1 })).toEqual([1, 1]);
  });

  it("takes an attempt's events in order, its worker and how it started", () => {
    const events = [
      event(2, 'FINISHED', 90, 'worker-b'),
      event(1, 'ASSIGNED', 5, 'worker-a'),
      event(1, 'FAILED', 40),
      event(2, 'RETRIED_BY_USER', 60),
      event(2, 'ASSIGNED', 65, '00000000-0000-0000-0000-000000000000'),
    ];
    const first = eventsOfAttempt(events, 1);
    const second = eventsOfAttempt(events, 2);
    expect(first.map((e) => e.eventType)).toEqual(['ASSIGNED', 'FAILED']);
    expect(second.map((e) => e.eventType)).toEqual(['FINISHED', 'RETRIED_BY_USER', 'ASSIGNED']);
    expect(workerOfAttempt(first)).toBe('worker-a');
    // The zero UUID names no worker.
    expect(workerOfAttempt(second)).toBe('worker-b');
    expect(attemptOrigin(first)).toBe('first');
    expect(attemptOrigin(second)).toBe('replay');
    expect(attemptOrigin([event(2, 'QUEUED', 0)])).toBe('retry');
  });
});

describe('diffEvents', () => {
  it('marks the event types only one side has, with offsets from its first event', () => {
    const left = [event(1, 'QUEUED', 0), event(1, 'STARTED', 10), event(1, 'FAILED', 50)];
    const right = [event(2, 'QUEUED', 100), event(2, 'STARTED', 130), event(2, 'FINISHED', 200)];
    const diff = diffEvents(left, right);
    expect(diff.same).toBe(false);
    expect(diff.left).toEqual([
      { eventType: 'QUEUED', offsetMs: 0, changed: false },
      { eventType: 'STARTED', offsetMs: 10, changed: false },
      { eventType: 'FAILED', offsetMs: 50, changed: true },
    ]);
    expect(diff.right.map((item) => [item.eventType, item.offsetMs, item.changed])).toEqual([
      ['QUEUED', 0, false],
      ['STARTED', 30, false],
      ['FINISHED', 100, true],
    ]);
    expect(diffEvents(left, left).same).toBe(true);
  });
});

describe('outputs', () => {
  const completed = { status: 'COMPLETED' as const, output: { ok: true } };

  it('keeps the latest output, says why others have none, and never invents one', () => {
    expect(attemptOutput({ ...completed, attempt: 2 }, 2)).toEqual({
      kind: 'value',
      value: { ok: true },
    });
    expect(attemptOutput({ ...completed, attempt: 1 }, 2).kind).toBe('unknown');
    // A replay keeps the output of the attempt it replaced.
    expect(attemptOutput({ ...completed, attempt: 1, outputKept: true }, 2)).toEqual({
      kind: 'value',
      value: completed.output,
    });
    expect(attemptOutput({ status: 'FAILED', output: {}, attempt: 1 }, 2)).toEqual({
      kind: 'none',
      reason: 'No output: the attempt failed.',
    });
    expect(attemptOutput({ status: 'RUNNING', output: {}, attempt: 2 }, 2).kind).toBe('none');
  });

  it('marks an output against none, and compares nothing with an unknown one', () => {
    const value = attemptOutput({ ...completed, attempt: 2 }, 2);
    const failed = attemptOutput({ status: 'FAILED', output: {}, attempt: 1 }, 2);
    const diff = diffOutputs(failed, value);
    expect(diff.same).toBe(false);
    expect(diff.left).toEqual([]);
    expect(diff.right.every((line) => line.changed)).toBe(true);

    const unknown = attemptOutput({ ...completed, attempt: 1 }, 2);
    const replayed = diffOutputs(unknown, value);
    expect(replayed.same).toBeUndefined();
    expect(replayed.left).toEqual([]);
    expect(replayed.right.some((line) => line.changed)).toBe(false);
  });
});
