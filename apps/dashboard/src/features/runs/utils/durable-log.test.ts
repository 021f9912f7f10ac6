import { describe, expect, it } from 'vitest';
import { durableLogNode } from '@/testing/durable-log-node';
import {
  formatSleep,
  invocationText,
  memoTime,
  nodeDescription,
  nodeIcon,
  nodeState,
  waitDescription,
  waitMatches,
} from './durable-log';

const node = durableLogNode;

describe('the durable event log in words', () => {
  it('writes a sleep as it is usually written', () => {
    expect(formatSleep(3_600_000)).toBe('1h');
    expect(formatSleep(60_000)).toBe('1m');
    expect(formatSleep(5_400_000)).toBe('1h 30m');
    expect(formatSleep(90_061_000)).toBe('1d 1h 1m 1s');
    expect(formatSleep(1_500)).toBe('1.5s');
    expect(formatSleep(250)).toBe('250ms');
  });

  it('describes a sleep, an event with its filter and scope, and an or-group', () => {
    expect(waitDescription([{ kind: 'SLEEP', sleepDurationMs: 3_600_000 }])).toBe('Sleep 1h');
    expect(
      waitDescription([
        { kind: 'USER_EVENT', eventKey: 'order:paid', expression: "input.orderId == 'o-1'" },
      ]),
    ).toBe("Wait for event order:paid where input.orderId == 'o-1'");
    expect(
      waitDescription([{ kind: 'USER_EVENT', eventKey: 'user:replied', scope: 'tenant-a' }]),
    ).toBe('Wait for event user:replied in scope tenant-a');
    expect(
      waitDescription([
        {
          or: [
            { kind: 'SLEEP', sleepDurationMs: 60_000 },
            { kind: 'USER_EVENT', eventKey: 'x' },
          ],
        },
      ]),
    ).toBe('Sleep 1m or event x');
  });

  it('joins or-groups with "and", since every group must be met', () => {
    expect(
      waitDescription([
        { kind: 'SLEEP', sleepDurationMs: 60_000 },
        {
          or: [
            { kind: 'USER_EVENT', eventKey: 'a' },
            { kind: 'USER_EVENT', eventKey: 'b' },
          ],
        },
      ]),
    ).toBe('Sleep 1m and wait for event a or event b');
    expect(waitDescription([])).toBe('Wait');
  });

  it('names a memo, now() when it holds a time, and a spawned run by its workflow', () => {
    const now = node({ kind: 'MEMO', result: { ts: '2026-05-01T10:00:00.000Z' } });
    expect(nodeDescription(now)).toBe('Memo: now()');
    expect(memoTime(now)).toBe('2026-05-01T10:00:00.000Z');
    const other = node({ kind: 'MEMO', result: { ts: '2026-05-01T10:00:00.000Z', n: 1 } });
    expect(nodeDescription(other)).toBe('Memo');
    expect(memoTime(other)).toBeUndefined();
    expect(memoTime(node({ kind: 'MEMO', result: { ts: 'not a time' } }))).toBeUndefined();
    expect(
      nodeDescription(
        node({ kind: 'RUN', waitData: [{ kind: 'CHILD_WORKFLOW', workflowName: 'summarise' }] }),
      ),
    ).toBe('Spawned run summarise');
    expect(nodeDescription(node({ kind: 'RUN' }))).toBe('Spawned run');
  });

  it('gives each kind its picture: a sleep only when every condition is one', () => {
    expect(nodeIcon(node({ waitData: [{ kind: 'SLEEP', sleepDurationMs: 1 }] }))).toBe('sleep');
    expect(
      nodeIcon(
        node({
          waitData: [{ or: [{ kind: 'SLEEP', sleepDurationMs: 1 }, { kind: 'USER_EVENT' }] }],
        }),
      ),
    ).toBe('event');
    expect(nodeIcon(node({ kind: 'MEMO' }))).toBe('memo');
    expect(nodeIcon(node({ kind: 'RUN' }))).toBe('run');
  });

  it('is waiting until satisfied, and failed when its child failed', () => {
    expect(nodeState(node({}))).toBe('waiting');
    expect(nodeState(node({ isSatisfied: true }))).toBe('done');
    expect(nodeState(node({ kind: 'RUN', isSatisfied: true, error: 'boom' }))).toBe('failed');
  });

  it('reads what met a wait: an event payload under its key, a sleep by its duration', () => {
    expect(
      waitMatches(
        node({
          isSatisfied: true,
          result: {
            CREATE: {
              'sleep-1s': [{ sleep_duration: '1s' }],
              'order:paid': [{ orderId: 'o-1', amount: 5 }],
            },
          },
        }),
      ),
    ).toEqual([
      { kind: 'sleep', duration: '1s' },
      { kind: 'data', key: 'order:paid', payload: { orderId: 'o-1', amount: 5 } },
    ]);
    expect(waitMatches(node({}))).toEqual([]);
    expect(waitMatches(node({ kind: 'MEMO', result: { CREATE: { a: [1] } } }))).toEqual([]);
  });

  it('says which invocation wrote the node, and which replayed it', () => {
    expect(invocationText(node({}))).toBe('invocation 1');
    expect(invocationText(node({ invocationCount: 1, lastInvocationCount: 2 }))).toBe(
      'invocation 1, replayed by invocation 2',
    );
  });
});
