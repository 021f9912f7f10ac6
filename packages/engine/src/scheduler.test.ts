import { describe, expect, it } from 'vitest';
import { Scheduler, type ReadyItem } from './scheduler';
import { workerState } from '../test/worker-state';

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

const worker = workerState;

describe('Scheduler', () => {
  it('assigns by priority, then arrival, within free slots', () => {
    const s = new Scheduler();
    s.enqueue(item('1'), 0);
    s.enqueue(item('2', 3), 0);
    s.enqueue(item('3'), 0);
    const out = s.assign([worker('w', 2)], 10, 0);
    expect(out.map((a) => a.item.taskId)).toEqual(['2', '1']);
    expect(s.size).toBe(1);
  });

  it('puts restored durable tasks ahead of the work of their priority waiting to start', () => {
    const s = new Scheduler();
    s.enqueue(item('new-1'), 0);
    s.enqueue(item('new-2'), 0);
    s.enqueue({ ...item('resumed-1'), resumed: true }, 0);
    s.enqueue({ ...item('urgent', 3) }, 0);
    s.enqueue({ ...item('resumed-2'), resumed: true }, 0);
    const out = s.assign([worker('w', 10)], 10, 0);
    expect(out.map((a) => a.item.taskId)).toEqual([
      'urgent',
      'resumed-1',
      'resumed-2',
      'new-1',
      'new-2',
    ]);
  });

  it('spreads work over workers and skips paused ones and removed items', () => {
    const s = new Scheduler();
    for (const id of ['1', '2', '3', '4', '5']) s.enqueue(item(id), 0);
    s.remove('5');
    const paused = { ...worker('p', 10), isPaused: true };
    const out = s.assign([worker('a', 2), worker('b', 2), paused], 10, 0);
    expect(out.map((a) => a.worker.id).sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('holds back items until their readyAt', () => {
    const s = new Scheduler();
    s.enqueue(item('1', 1, 1_000), 0);
    expect(s.assign([worker('w', 1)], 10, 0)).toEqual([]);
    expect(s.nextReadyAt()).toBe(1_000);
    expect(s.promoteDue(1_000)).toBe(true);
    expect(s.assign([worker('w', 1)], 10, 0)).toHaveLength(1);
  });

  it('assigns new items by priority, without overtaking queued ones or a stopped action', () => {
    const s = new Scheduler();
    const other = (taskId: string): ReadyItem => ({ ...item(taskId), actionId: 'wf:b' });
    const w = { ...worker('w', 3), actions: new Set(['wf:a', 'wf:b', 'wf:c']) };
    // The higher-priority new item first; then wf:a stops at the item that does not fit, so a
    // later one that would fit does not jump ahead of it, while wf:b takes the last slot.
    const out = s.assignNew(
      [item('1'), item('2', 3), { ...item('3'), slotUnits: 5 }, item('4'), other('5')],
      [w],
    );
    expect(out.map((a) => a.item.taskId)).toEqual(['2', '1', '5']);
    expect(w.used.get('default')).toBe(3);

    // Something of wf:b already waits: a new wf:b item queues behind it even with free slots.
    s.enqueue(other('6'), 0);
    const roomy = { ...worker('r', 10), actions: new Set(['wf:b', 'wf:c']) };
    const c = { ...item('8'), actionId: 'wf:c' };
    expect(s.assignNew([other('7'), c], [roomy]).map((a) => a.item.taskId)).toEqual(['8']);

    // A paused action takes nothing new, nor does a paused worker.
    s.setActionsPaused('t', ['wf:c'], true);
    expect(s.assignNew([{ ...c, taskId: '9' }], [roomy])).toEqual([]);
    expect(s.assignNew([item('10')], [{ ...worker('p', 10), isPaused: true }])).toEqual([]);
  });
});
