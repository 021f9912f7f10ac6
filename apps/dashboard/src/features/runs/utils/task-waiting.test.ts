import { describe, expect, it } from 'vitest';
import { waitingDetails, waitingReasonLabel } from './task-waiting';

describe('why a task waits', () => {
  it('names the reason, and shows one it does not know as it came', () => {
    expect(waitingReasonLabel('CONCURRENCY')).toBe('Concurrency limit');
    expect(waitingReasonLabel('NO_WORKER')).toBe('No worker');
    expect(waitingReasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('details a concurrency key: expression, strategy, limit and each holding run once', () => {
    expect(
      waitingDetails({
        reason: 'CONCURRENCY',
        message: 'The concurrency key "k" (input.key) is at its limit of 1, held by 1 run.',
        key: 'k',
        expression: 'input.key',
        strategy: 'GROUP_ROUND_ROBIN',
        limit: 1,
        heldBy: [
          { runId: 'r1', taskExternalId: 't1' },
          { runId: 'r1', taskExternalId: 't2' },
        ],
      }),
    ).toEqual([
      { kind: 'text', label: 'Key', value: 'k', code: true },
      { kind: 'text', label: 'Expression', value: 'input.key', code: true },
      { kind: 'text', label: 'Strategy', value: 'Group round robin', code: false },
      { kind: 'text', label: 'Limit', value: '1', code: false },
      { kind: 'runs', label: 'Held by', runIds: ['r1'] },
    ]);
  });

  it('gives the retry time, the rate limit, the slot type and worker count, the action', () => {
    expect(
      waitingDetails({ reason: 'BACKOFF', message: '', readyAt: '2026-05-01T10:00:00Z' }),
    ).toEqual([{ kind: 'time', label: 'Retries at', value: '2026-05-01T10:00:00Z' }]);
    expect(
      waitingDetails({
        reason: 'NO_FREE_SLOTS',
        message: '',
        actionId: 'wf:task',
        slotType: 'default',
        workers: 2,
      }).map((detail) => detail.label),
    ).toEqual(['Slot type', 'Workers', 'Action']);
    expect(waitingDetails({ reason: 'NO_WORKER', message: '', actionId: 'wf:task' })).toEqual([
      { kind: 'text', label: 'Action', value: 'wf:task', code: true },
    ]);
    expect(
      waitingDetails({
        reason: 'RATE_LIMITED',
        message: '',
        key: 'openai',
        limit: 60,
        readyAt: '2026-05-01T10:00:00Z',
      }),
    ).toEqual([
      { kind: 'text', label: 'Rate limit', value: 'openai', code: true },
      { kind: 'text', label: 'Limit', value: '60 per window', code: false },
      { kind: 'time', label: 'Units free at', value: '2026-05-01T10:00:00Z' },
    ]);
    expect(waitingDetails({ reason: 'NEXT', message: '' })).toEqual([]);
  });

  it('gives a task held by its conditions the times they count from and its sleep ends', () => {
    const since = '2026-05-01T10:00:00.000Z';
    expect(
      waitingDetails({
        reason: 'CONDITIONS',
        message: 'The task waits for sleep 1m or event order:confirmed.',
        since,
        nextSleepAt: '2026-05-01T10:01:00.000Z',
      }),
    ).toEqual([
      { kind: 'time', label: 'Counting since', value: since },
      { kind: 'time', label: 'Next sleep ends', value: '2026-05-01T10:01:00.000Z' },
    ]);
    expect(waitingDetails({ reason: 'CONDITIONS', message: '', since, nextSleepAt: null })).toEqual(
      [{ kind: 'time', label: 'Counting since', value: since }],
    );
    expect(waitingReasonLabel('CONDITIONS')).toBe('Waiting for its conditions');
  });
});
