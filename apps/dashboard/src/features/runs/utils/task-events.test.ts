import { describe, expect, it } from 'vitest';
import { splitError, taskEventStyle } from './task-events';

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
});
