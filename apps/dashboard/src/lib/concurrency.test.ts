import { describe, expect, it } from 'vitest';
import { concurrencyStrategyDescription, concurrencyStrategyLabel } from './concurrency';

describe('concurrency strategies', () => {
  it('names every strategy the SDK sends, and shows an unknown one as it came', () => {
    expect(concurrencyStrategyLabel('GROUP_ROUND_ROBIN')).toBe('Group round robin');
    expect(concurrencyStrategyLabel('CANCEL_QUEUED_EXCEPT_OLDEST')).toBe(
      'Cancel queued except oldest',
    );
    expect(concurrencyStrategyLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('says what a strategy does at the limit', () => {
    expect(concurrencyStrategyDescription('CANCEL_NEWEST')).toMatch(/arriving at the limit/);
    expect(concurrencyStrategyDescription('SOMETHING_NEW')).toBe('');
  });
});
