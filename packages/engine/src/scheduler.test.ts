import { describe, expect, it } from 'vitest';
import { Scheduler, type ReadyItem } from './scheduler';
import type { WorkerState } from './worker-pool';

const item = (taskId: string, priority = 1, readyAt = 0): ReadyItem => ({
  taskId,
  externalId: taskId,
  tenantId: 't',
  runId: 'r',
  actionId: 'wf:a',
  retryCount: 0,
  priority,
  slotType: 'default',
  slotUnits: 1,
  readyAt,
  scheduleTimeoutAt: Number.MAX_SAFE_INTEGER,
});

const worker = (id: string, slots: number): WorkerState => ({
  id,
  tenantId: 't',
  name: id,
  actions: new Set(['wf:a']),
  slotConfig: { default: slots },
  used: new Map(),
  labels: {},
  status: 'ACTIVE',
  isPaused: false,
  lastHeartbeatAt: 0,
  persistedHeartbeatAt: 0,
  stream: { send: () => {}, close: () => {} },
  lastAssignedSeq: 0,
});

describe('Scheduler', () => {
  it('assigns by priority, then arrival, within free slots', () => {
    const s = new Scheduler();
    s.enqueue(item('1'), 0);
    s.enqueue(item('2', 3), 0);
    s.enqueue(item('3'), 0);
    const out = s.assign([worker('w', 2)], 10);
    expect(out.map((a) => a.item.taskId)).toEqual(['2', '1']);
    expect(s.size).toBe(1);
  });

  it('spreads work over workers and skips paused ones and removed items', () => {
    const s = new Scheduler();
    for (const id of ['1', '2', '3', '4', '5']) s.enqueue(item(id), 0);
    s.remove('5');
    const paused = { ...worker('p', 10), isPaused: true };
    const out = s.assign([worker('a', 2), worker('b', 2), paused], 10);
    expect(out.map((a) => a.worker.id).sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('holds back items until their readyAt', () => {
    const s = new Scheduler();
    s.enqueue(item('1', 1, 1_000), 0);
    expect(s.assign([worker('w', 1)], 10)).toEqual([]);
    expect(s.nextReadyAt()).toBe(1_000);
    expect(s.promoteDue(1_000)).toBe(true);
    expect(s.assign([worker('w', 1)], 10)).toHaveLength(1);
  });
});
