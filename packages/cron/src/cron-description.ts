/** A human description of a cron string (cronstrue), or the spec's failure message. */
import cronstrue from 'cronstrue';
import { splitCronTimezone } from './cron-string';
import { validateCron } from './cron-schedule';
import { CRON_MESSAGES, SPECIAL_EXPRESSIONS } from './cron-validation';

export interface CronDescription {
  /** True when `text` describes the schedule; false when it is the failure message. */
  ok: boolean;
  text: string;
  timezone: string;
}

/** E.g. "At 09:00, Monday through Friday"; the timezone is the prefix's, or UTC. */
export function describeCron(input: string): CronDescription {
  const { timezone, expression } = splitCronTimezone(input);
  const failed = { ok: false, text: CRON_MESSAGES.descriptionFailed, timezone };
  if (!validateCron(input).valid) return failed;

  const every = /^@every\s+(.+)$/.exec(expression);
  if (every) return { ok: true, text: `Every ${every[1]}`, timezone };
  try {
    const text = cronstrue.toString(SPECIAL_EXPRESSIONS[expression] ?? expression, {
      throwExceptionOnParseError: true,
      use24HourTimeFormat: true,
      dayOfWeekStartIndexZero: true,
      verbose: false,
    });
    return { ok: true, text, timezone };
  } catch {
    return failed;
  }
}
