import { describe, expect, it } from 'vitest';
import { newestFirst, retriedTasks, splitError, taskEventStyle } from './task-events';

describe('task events', () => {
  it('titles event types with a severity', () => {
    expect(taskEventStyle('FINISHED')).toEqual({ title: 'Completed', severity: 'info' });
    expect(taskEventStyle('RETRIED_BY_USER')).toEqual({
      title: 'Replayed by user',
      severity: 'warning',
    });
    expect(taskEventStyle('TIMED_OUT').severity).toBe('critical');
    expect(taskEventStyle(undefined)).toEqual({ title: 'Unknown', severity: 'info' });
  });

  it('splits an error into message and stack', () => {
    expect(splitError('Error: boom\n    at fn (a.ts:1:1)\n')).toEqual({
      message: 'Error: boom',
      stack: '    at fn (a.ts:1:1)',
    });
    expect(splitError('just this')).toEqual({ message: 'just this', stack: '' });
  });

  it('orders events as the engine recorded them, newest first, whatever their clocks say', () => {
    const event = (id: number, eventType: string, ms: number, attempt = 1) => ({
      id,
      taskId: 'a',
      attempt,
      eventType,
      timestamp: new Date(ms).toISOString(),
    });
    // FAILED and RETRYING share the worker's time, and the worker's clock put STARTED a
    // little before the server stamped ASSIGNED.
    const recorded = [
      event(1, 'QUEUED', 0),
      event(2, 'ASSIGNED', 10),
      event(3, 'STARTED', 8),
      event(4, 'FAILED', 50),
      event(5, 'RETRYING', 50),
      event(6, 'QUEUED', 51, 2),
    ];
    const shuffled = [3, 0, 5, 2, 4, 1].map((index) => recorded[index]!);
    expect(newestFirst(shuffled).map((e) => `${e.attempt}:${e.eventType}`)).toEqual([
      '2:QUEUED',
      '1:RETRYING',
      '1:FAILED',
      '1:STARTED',
      '1:ASSIGNED',
      '1:QUEUED',
    ]);
  });

  it('labels attempts only of tasks that ran more than once', () => {
    const retried = retriedTasks([
      { id: 1, taskId: 'once', attempt: 1 },
      { id: 2, taskId: 'twice', attempt: 1 },
      { id: 3, taskId: 'twice', attempt: 2 },
      { id: 4, taskId: 'unknown' },
    ]);
    expect([...retried]).toEqual(['twice']);
  });
});
