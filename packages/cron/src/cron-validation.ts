/**
 * Cron validation as spec section 5 states it, with its exact messages: 5 to 7 parts (5:
 * minute hour day-of-month month day-of-week; 6: leading seconds; 7: trailing year), the
 * ranges per field, digits and `, - * /` plus `L`/`W` in day of month and `L`/`#` in day of
 * week, `W` only with a single day, and the shorthands the reference's parser understands.
 * The server refuses what this refuses and the dashboard says it as the user types.
 */
import { isKnownTimezone, splitCronTimezone } from './cron-string';

export const CRON_MESSAGES = {
  tooFewParts: (count: number) =>
    `Expression has only ${count} part${count === 1 ? '' : 's'}. At least 5 parts are required.`,
  tooManyParts: (count: number) => `Expression has ${count} parts; too many!`,
  invalidValues: 'Expression contains invalid values',
  unknownSpecial: 'Unknown special expression.',
  descriptionFailed:
    'An error occurred when generating the expression description. Check the cron expression syntax.',
  /** Trellis: the spec has no message for a prefix naming a zone that does not exist. */
  unknownTimezone: (timezone: string) => `Unknown time zone "${timezone}".`,
} as const;

/** Shorthands and the expressions they stand for. `@every <duration>` is read separately. */
export const SPECIAL_EXPRESSIONS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** `@every 1h30m`: Go duration units, as the reference's parser reads them. */
export const EVERY_PATTERN = /^@every\s+((?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+)$/;

export type CronValidation = { valid: true } | { valid: false; message: string };

type FieldKind = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

const RANGES: Record<FieldKind, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  dayOfMonth: [1, 31],
  month: [1, 12],
  dayOfWeek: [0, 6],
  year: [1970, 2099],
};

const FIELD_LAYOUTS: Record<5 | 6 | 7, FieldKind[]> = {
  5: ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'],
  6: ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'],
  7: ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'year'],
};

/**
 * Checks the syntax of a cron string (with or without timezone prefix) and names the first
 * problem. Whether a valid expression can also be scheduled is `cronError` (cron-schedule.ts).
 */
export function validateCronSyntax(input: string): CronValidation {
  const { timezone, expression } = splitCronTimezone(input);
  if (!isKnownTimezone(timezone)) {
    return { valid: false, message: CRON_MESSAGES.unknownTimezone(timezone) };
  }

  if (expression.startsWith('@')) {
    if (expression in SPECIAL_EXPRESSIONS || EVERY_PATTERN.test(expression)) return { valid: true };
    return { valid: false, message: CRON_MESSAGES.unknownSpecial };
  }

  const parts = expression === '' ? [] : expression.split(/\s+/);
  if (parts.length < 5) return { valid: false, message: CRON_MESSAGES.tooFewParts(parts.length) };
  if (parts.length > 7) return { valid: false, message: CRON_MESSAGES.tooManyParts(parts.length) };

  const layout = FIELD_LAYOUTS[parts.length as 5 | 6 | 7];
  const allValid = parts.every((part, index) => {
    const kind = layout[index];
    return kind !== undefined && isValidField(part, kind);
  });
  return allValid ? { valid: true } : { valid: false, message: CRON_MESSAGES.invalidValues };
}

function isValidField(field: string, kind: FieldKind): boolean {
  if (!/^[0-9,\-*/LW#]+$/.test(field)) return false;
  if (kind !== 'dayOfMonth' && field.includes('W')) return false;
  if (kind !== 'dayOfMonth' && kind !== 'dayOfWeek' && field.includes('L')) return false;
  if (kind !== 'dayOfWeek' && field.includes('#')) return false;
  // W names the nearest weekday to one day, so it cannot sit in a list or a range.
  if (field.includes('W') && !/^(\d{1,2}|L)W$/.test(field)) return false;
  return field.split(',').every((item) => isValidItem(item, kind));
}

function isValidItem(item: string, kind: FieldKind): boolean {
  const [min, max] = RANGES[kind];
  const inRange = (text: string) =>
    /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

  if (kind === 'dayOfMonth') {
    // L = last day of the month; nW / LW = the weekday nearest to it.
    if (item === 'L' || item === 'LW') return true;
    const weekday = /^(\d{1,2})W$/.exec(item);
    if (weekday) return inRange(weekday[1] ?? '');
  }
  if (kind === 'dayOfWeek') {
    // nL = the last <weekday> of the month; n#k = its k-th.
    const last = /^(\d)L$/.exec(item);
    if (last) return inRange(last[1] ?? '');
    const nth = /^(\d)#(\d)$/.exec(item);
    if (nth) return inRange(nth[1] ?? '') && Number(nth[2]) >= 1 && Number(nth[2]) <= 5;
  }

  const [base, step, ...rest] = item.split('/');
  if (rest.length > 0 || base === undefined || base === '') return false;
  if (step !== undefined && !(/^\d+$/.test(step) && Number(step) >= 1 && Number(step) <= max)) {
    return false;
  }
  if (base === '*') return true;
  const bounds = base.split('-');
  if (bounds.length === 1) return inRange(base);
  if (bounds.length !== 2) return false;
  const [from = '', to = ''] = bounds;
  return inRange(from) && inRange(to) && Number(from) <= Number(to);
}
