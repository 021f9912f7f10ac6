/**
 * Cron expressions as the server accepts them: 5 fields (minute hour day-of-month month
 * day-of-week), 6 with leading seconds, 7 with a trailing year; an optional timezone prefix
 * `CRON_TZ=Area/City ` (UTC when absent). Validation follows spec section 5 and returns its
 * exact messages; descriptions come from cronstrue.
 */
import cronstrue from 'cronstrue';

export const DEFAULT_CRON_TIMEZONE = 'UTC';

export const CRON_MESSAGES = {
  tooFewParts: (count: number) =>
    `Expression has only ${count} part${count === 1 ? '' : 's'}. At least 5 parts are required.`,
  tooManyParts: (count: number) => `Expression has ${count} parts; too many!`,
  invalidValues: 'Expression contains invalid values',
  unknownSpecial: 'Unknown special expression.',
  descriptionFailed:
    'An error occurred when generating the expression description. Check the cron expression syntax.',
} as const;

/** Shorthands the server's cron parser understands. `@every <duration>` is checked separately. */
const SPECIAL_EXPRESSIONS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const EVERY_PATTERN = /^@every\s+((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+$/;
const TIMEZONE_PREFIX = /^(?:CRON_TZ|TZ)=(\S+)\s+/;

export interface ParsedCron {
  /** The IANA timezone of the prefix, or UTC. */
  timezone: string;
  /** The expression without its timezone prefix, trimmed. */
  expression: string;
}

export function splitCronTimezone(input: string): ParsedCron {
  const text = input.trim();
  const match = TIMEZONE_PREFIX.exec(text);
  if (!match) return { timezone: DEFAULT_CRON_TIMEZONE, expression: text };
  return { timezone: match[1] ?? DEFAULT_CRON_TIMEZONE, expression: text.slice(match[0].length) };
}

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

/** Checks a cron string (with or without timezone prefix) and names the first problem. */
export function validateCron(input: string): CronValidation {
  const { expression } = splitCronTimezone(input);

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
    // L = last day; L-n = n days before it; nW / LW = nearest weekday.
    if (item === 'L' || item === 'LW') return true;
    const offset = /^L-(\d{1,2})$/.exec(item);
    if (offset) return Number(offset[1]) <= 30;
    const weekday = /^(\d{1,2})W$/.exec(item);
    if (weekday) return inRange(weekday[1] ?? '');
  }
  if (kind === 'dayOfWeek') {
    // L alone = last day of the week; nL = last <weekday> of the month; n#k = k-th <weekday>.
    if (item === 'L') return true;
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

export interface CronDescription {
  /** True when `text` describes the schedule; false when it is the failure message. */
  ok: boolean;
  text: string;
  timezone: string;
}

/**
 * A human description of a cron string, e.g. "At 09:00, Monday through Friday".
 * Invalid expressions give the spec's description-failure message.
 */
export function describeCron(input: string): CronDescription {
  const { timezone, expression } = splitCronTimezone(input);
  const failed = { ok: false, text: CRON_MESSAGES.descriptionFailed, timezone };
  if (!validateCron(expression).valid) return failed;

  const every = /^@every\s+(.+)$/.exec(expression);
  if (every) return { ok: true, text: `Every ${every[1]}`, timezone };
  const source = SPECIAL_EXPRESSIONS[expression] ?? expression;
  try {
    const text = cronstrue.toString(source, {
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
