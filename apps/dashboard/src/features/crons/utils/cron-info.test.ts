import { describe, expect, it } from 'vitest';
import { cronDescription, cronLabel, cronTimezone, isDefinedInCode } from './cron-info';

describe('cron info', () => {
  it('describes the expression without its prefix, with the zone apart', () => {
    expect(cronDescription('CRON_TZ=Europe/Berlin 0 9 * * 1-5')).toBe(
      'Runs at 09:00, Monday through Friday',
    );
    expect(cronTimezone('CRON_TZ=Europe/Berlin 0 9 * * 1-5')).toBe('Europe/Berlin');
    expect(cronTimezone('0 9 * * *')).toBe('UTC');
    expect(cronDescription('* *')).toBe(
      'Expression has only 2 parts. At least 5 parts are required.',
    );
  });

  it('names a cron by its name, else its expression, and knows code-defined ones', () => {
    expect(cronLabel({ name: 'nightly', cron: '0 0 * * *' })).toBe('nightly');
    expect(cronLabel({ cron: '0 0 * * *' })).toBe('0 0 * * *');
    expect(isDefinedInCode({ method: 'DEFAULT' })).toBe(true);
    expect(isDefinedInCode({ method: 'API' })).toBe(false);
  });
});
