import { describe, expect, it } from 'vitest';
import { cronFormBody, cronFormErrors } from './cron-form';

const valid = {
  name: ' nightly ',
  expression: 'CRON_TZ=Europe/Berlin 0 2 * * *',
  input: '{"full": true}',
  metadata: '',
  priority: '',
};

describe('cron edit form', () => {
  it("refuses a bad expression with the spec's message, an empty name and broken JSON", () => {
    expect(cronFormErrors(valid)).toEqual({});
    const errors = cronFormErrors({
      ...valid,
      name: '  ',
      expression: '0 2 * *',
      metadata: '[1]',
    });
    expect(errors.cronName).toBe('Enter a name for the cron job.');
    expect(errors.cronExpression).toBe(
      'Expression has only 4 parts. At least 5 parts are required.',
    );
    expect(errors.additionalMetadata).toContain('Must be a JSON object');
    expect(cronFormErrors({ ...valid, expression: '0 25 * * *' }).cronExpression).toBe(
      'Expression contains invalid values',
    );
  });

  it('sends every field, trimmed, and the priority only when chosen', () => {
    expect(cronFormBody(valid)).toEqual({
      cronName: 'nightly',
      cronExpression: 'CRON_TZ=Europe/Berlin 0 2 * * *',
      input: { full: true },
      additionalMetadata: {},
    });
    expect(cronFormBody({ ...valid, priority: '3' }).priority).toBe(3);
  });
});
