import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';
import { parseDuration } from './durations';
import { finalRunStatus } from './task-lifecycle';
import { definitionChecksum, normaliseWorkflow } from './workflow-definition';

describe('parseDuration', () => {
  it('reads the SDK duration strings', () => {
    expect(parseDuration('60s')).toBe(60_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('5')).toBe(5_000);
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('10s later')).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('is immediate without a factor and grows with one, up to the cap', () => {
    expect(retryDelayMs(1, null, null)).toBe(0);
    expect(retryDelayMs(1, 2, null)).toBe(1_000);
    expect(retryDelayMs(3, 2, null)).toBe(4_000);
    expect(retryDelayMs(10, 2, 5)).toBe(5_000);
  });
});

describe('task lifecycle', () => {
  it('derives a run status only when every task is final', () => {
    expect(finalRunStatus(['COMPLETED', 'RUNNING'])).toBeUndefined();
    expect(finalRunStatus(['COMPLETED', 'FAILED', 'CANCELLED'])).toBe('FAILED');
  });
});

describe('normaliseWorkflow', () => {
  const input = {
    name: 'Demo',
    tasks: [
      { readableId: 'a', actionId: 'demo:a' },
      {
        readableId: 'b',
        actionId: 'demo:b',
        parents: ['a'],
        timeout: '2m',
        slotRequests: { default: 2 },
      },
    ],
  };

  it('fills defaults and gives equal definitions equal checksums', () => {
    const definition = normaliseWorkflow(input);
    expect(definition.name).toBe('demo');
    expect(definition.steps[1]).toMatchObject({
      timeoutSeconds: 120,
      slotType: 'default',
      slotUnits: 2,
      retries: 0,
    });
    expect(definitionChecksum(normaliseWorkflow({ ...input }))).toBe(
      definitionChecksum(definition),
    );
    expect(definitionChecksum(normaliseWorkflow({ ...input, defaultPriority: 3 }))).not.toBe(
      definitionChecksum(definition),
    );
  });

  it('refuses unknown parents, cycles and bad durations', () => {
    expect(() =>
      normaliseWorkflow({
        name: 'x',
        tasks: [{ readableId: 'a', actionId: 'x:a', parents: ['z'] }],
      }),
    ).toThrow('unknown parent');
    expect(() =>
      normaliseWorkflow({
        name: 'x',
        tasks: [
          { readableId: 'a', actionId: 'x:a', parents: ['b'] },
          { readableId: 'b', actionId: 'x:b', parents: ['a'] },
        ],
      }),
    ).toThrow('cycle');
    expect(() =>
      normaliseWorkflow({
        name: 'x',
        tasks: [{ readableId: 'a', actionId: 'x:a', timeout: 'soon' }],
      }),
    ).toThrow('not a duration');
  });
});
