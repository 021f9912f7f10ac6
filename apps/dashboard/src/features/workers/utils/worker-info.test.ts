import { describe, expect, it } from 'vitest';
import { comparatorSymbol, runtimeSummary, sdkSummary, slotUsage } from './worker-info';

describe('worker info', () => {
  it('reads slots per type from slotConfig, default first', () => {
    expect(
      slotUsage({
        slotConfig: { durable: { limit: 10, available: 10 }, default: { limit: 5, available: 2 } },
      }),
    ).toEqual([
      { type: 'default', limit: 5, used: 3 },
      { type: 'durable', limit: 10, used: 0 },
    ]);
  });

  it('falls back to maxRuns and availableRuns', () => {
    expect(slotUsage({ maxRuns: 4, availableRuns: 1 })).toEqual([
      { type: 'default', limit: 4, used: 3 },
    ]);
    expect(slotUsage({})).toEqual([]);
  });

  it('summarises the SDK and runtime', () => {
    const worker = {
      runtimeInfo: {
        language: 'TYPESCRIPT' as const,
        sdkVersion: '1.33.2',
        languageVersion: 'v22.1.0',
      },
    };
    expect(sdkSummary(worker)).toBe('TypeScript SDK 1.33.2');
    expect(runtimeSummary(worker)).toBe('Node.js v22.1.0');
    expect(sdkSummary({})).toBeUndefined();
    expect(sdkSummary({ runtimeInfo: { sdkVersion: '1.0' } })).toBe('SDK 1.0');
  });

  it('writes comparators as symbols', () => {
    expect(comparatorSymbol('GREATER_THAN_OR_EQUAL')).toBe('≥');
    expect(comparatorSymbol('NOT_EQUAL')).toBe('≠');
    expect(comparatorSymbol('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
