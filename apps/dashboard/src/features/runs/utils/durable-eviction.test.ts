import { describe, expect, it } from 'vitest';
import { durableLogNode } from '@/testing/durable-log-node';
import { comeBackText } from './durable-eviction';
import type { TextPart } from './durable-eviction';

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
