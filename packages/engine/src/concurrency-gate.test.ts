import { describe, expect, it } from 'vitest';
import type { ConcurrencyClaim, ConcurrencyStrategy } from './concurrency';
import type { StrategyCancel } from './concurrency-gate';
import { Scheduler, type ReadyItem } from './scheduler';
import { workerState } from '../test/worker-state';

const claim = (
  strategy: ConcurrencyStrategy,
  key: string,
  limit = 1,
  scope: ConcurrencyClaim['scope'] = 'TASK',
): ConcurrencyClaim => ({
  gate: 'wf:input.key',
  key,
  limit,
  strategy,
  scope,
  expression: 'input.key',
});

let nextId = 0;
const item = (claims: ConcurrencyClaim[], extra: Partial<ReadyItem> = {}): ReadyItem => {
  const id = String(++nextId);
  return {
    taskId: id,
    externalId: `task-${id}`,
    tenantId: 't',
    runId: `run-${id}`,
    actionId: 'wf:a',
    retryCount: 0,
    priority: 1,
    slotType: 'default',
    slotUnits: 1,
    readyAt: 0,
    scheduleTimeoutAt: Number.MAX_SAFE_INTEGER,
    claims,
    ...extra,
  };
};

const worker = (slots: number) => workerState('w', slots);

function setup() {
  const cancels: StrategyCancel[] = [];
  const scheduler = new Scheduler({ cancel: (c) => cancels.push(...c), fail: () => {} });
  const assigned = (slots = 100) =>
    scheduler.assign([worker(slots)], 1000, 0).map((a) => a.item.externalId);
  return { scheduler, cancels, assigned };
}

describe('concurrency in the scheduler', () => {
  it('GROUP_ROUND_ROBIN: at most the limit per key, FIFO within a key, keys in turn', () => {
    const { scheduler, assigned } = setup();
    const a = [1, 2, 3].map(() => item([claim('GROUP_ROUND_ROBIN', 'a')]));
    const b = [1, 2].map(() => item([claim('GROUP_ROUND_ROBIN', 'b')]));
    for (const i of [...a, ...b]) scheduler.enqueue(i, 0);
    expect(assigned()).toEqual([a[0]!.externalId, b[0]!.externalId]);
    expect(assigned()).toEqual([]);
    scheduler.attemptEnded(a[0]!.taskId);
    expect(assigned()).toEqual([a[1]!.externalId]);
  });

  it('serves keys in turn when workers, not keys, are the limit', () => {
    const { scheduler } = setup();
    const many = [1, 2, 3, 4].map(() => item([claim('GROUP_ROUND_ROBIN', 'big', 10)]));
    const one = item([claim('GROUP_ROUND_ROBIN', 'small', 10)]);
    for (const i of [...many, one]) scheduler.enqueue(i, 0);
    const out = scheduler.assign([worker(2)], 10, 0).map((x) => x.item.externalId);
    // The late key gets a turn rather than waiting behind every item of the early one.
    expect(out).toEqual([many[0]!.externalId, one.externalId]);
  });

  it('CANCEL_IN_PROGRESS: a newer arrival takes the place and the holder is cancelled', () => {
    const { scheduler, cancels, assigned } = setup();
    const first = item([claim('CANCEL_IN_PROGRESS', 'k')]);
    scheduler.enqueue(first, 0);
    expect(assigned()).toEqual([first.externalId]);
    const second = item([claim('CANCEL_IN_PROGRESS', 'k')]);
    scheduler.enqueue(second, 0);
    expect(cancels.map((c) => c.id)).toEqual([first.externalId]);
    expect(cancels[0]!.message).toContain('CANCEL_IN_PROGRESS');
    expect(assigned()).toEqual([second.externalId]);
  });

  it('CANCEL_NEWEST: an arrival at a full key is cancelled and never queued', () => {
    const { scheduler, cancels, assigned } = setup();
    const first = item([claim('CANCEL_NEWEST', 'k')]);
    const second = item([claim('CANCEL_NEWEST', 'k')]);
    scheduler.enqueue(first, 0);
    scheduler.enqueue(second, 0);
    expect(cancels.map((c) => c.id)).toEqual([second.externalId]);
    expect(scheduler.has(second.taskId)).toBe(false);
    expect(assigned()).toEqual([first.externalId]);
  });

  it('CANCEL_QUEUED_EXCEPT_NEWEST keeps the newest waiting, _OLDEST the oldest', () => {
    for (const strategy of [
      'CANCEL_QUEUED_EXCEPT_NEWEST',
      'CANCEL_QUEUED_EXCEPT_OLDEST',
    ] as const) {
      const { scheduler, cancels, assigned } = setup();
      const running = item([claim(strategy, 'k')]);
      scheduler.enqueue(running, 0);
      expect(assigned()).toEqual([running.externalId]);
      const waiting = [1, 2, 3].map(() => item([claim(strategy, 'k')]));
      for (const i of waiting) scheduler.enqueue(i, 0);
      const kept = strategy === 'CANCEL_QUEUED_EXCEPT_NEWEST' ? waiting[2]! : waiting[0]!;
      expect(cancels.map((c) => c.id).sort()).toEqual(
        waiting
          .filter((w) => w !== kept)
          .map((w) => w.externalId)
          .sort(),
      );
      // A cancelled item waiting in line is dropped, never assigned.
      scheduler.attemptEnded(running.taskId);
      expect(assigned()).toEqual([kept.externalId]);
    }
  });

  it('a burst on a free key runs `limit` at once and keeps `limit` waiting', () => {
    const { scheduler, cancels, assigned } = setup();
    const burst = [1, 2, 3, 4, 5, 6].map(() =>
      item([claim('CANCEL_QUEUED_EXCEPT_NEWEST', 'k', 2)]),
    );
    for (const i of burst) scheduler.enqueue(i, 0);
    expect(cancels.map((c) => c.id)).toEqual([burst[2]!.externalId, burst[3]!.externalId]);
    expect(assigned()).toEqual([burst[0]!.externalId, burst[1]!.externalId]);
  });

  it('a WORKFLOW-scope place is held by the run until it finishes, across its tasks', () => {
    const { scheduler, assigned } = setup();
    const wf = claim('GROUP_ROUND_ROBIN', 'k', 1, 'WORKFLOW');
    const first = item([wf], { runId: 'run-a' });
    const other = item([wf], { runId: 'run-b' });
    scheduler.enqueue(first, 0);
    scheduler.enqueue(other, 0);
    expect(assigned()).toEqual([first.externalId]);
    scheduler.attemptEnded(first.taskId);
    // The run's next task passes; the other run still waits.
    const next = item([wf], { runId: 'run-a' });
    scheduler.enqueue(next, 0);
    expect(assigned()).toEqual([next.externalId]);
    scheduler.attemptEnded(next.taskId);
    expect(assigned()).toEqual([]);
    scheduler.runFinished('run-a');
    expect(assigned()).toEqual([other.externalId]);
  });

  it('every key of a task must have room', () => {
    const { scheduler, assigned } = setup();
    const label = (l: string): ConcurrencyClaim => ({
      ...claim('GROUP_ROUND_ROBIN', l),
      gate: 'wf:label',
    });
    const x = item([claim('GROUP_ROUND_ROBIN', 'k', 2), label('l1')]);
    const y = item([claim('GROUP_ROUND_ROBIN', 'k', 2), label('l1')]);
    const z = item([claim('GROUP_ROUND_ROBIN', 'k', 2), label('l2')]);
    for (const i of [x, y, z]) scheduler.enqueue(i, 0);
    expect(assigned()).toEqual([x.externalId]);
    expect(scheduler.gate.blocker(y)?.gate).toBe('wf:label');
  });

  it('a queued task that leaves the queue gives its place back', () => {
    const { scheduler, assigned } = setup();
    const held = item([claim('CANCEL_NEWEST', 'k')]);
    scheduler.enqueue(held, 0);
    scheduler.remove(held.taskId);
    const next = item([claim('CANCEL_NEWEST', 'k')]);
    scheduler.enqueue(next, 0);
    expect(assigned()).toEqual([next.externalId]);
  });

  it('tasks with limits never skip the queue by direct assignment', () => {
    const { scheduler } = setup();
    expect(scheduler.assignNew([item([claim('GROUP_ROUND_ROBIN', 'k')])], [worker(5)])).toEqual([]);
  });
});
