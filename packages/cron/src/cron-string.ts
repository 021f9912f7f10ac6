/**
 * A cron string is an optional timezone prefix, `CRON_TZ=<IANA zone> ` or `TZ=<IANA zone> ` as
 * the reference accepts, then the expression; without a prefix the timezone is UTC (spec
 * sections 1 and 9).
 */
export const DEFAULT_CRON_TIMEZONE = 'UTC';

const TIMEZONE_PREFIX = /^(?:CRON_TZ|TZ)=(\S+)\s+/;

export interface CronString {
  /** The IANA timezone of the prefix, or UTC. */
  timezone: string;
  /** The expression without its timezone prefix, trimmed. */
  expression: string;
}

export function splitCronTimezone(input: string): CronString {
  const text = input.trim();
  const match = TIMEZONE_PREFIX.exec(text);
  if (!match) return { timezone: DEFAULT_CRON_TIMEZONE, expression: text };
  return { timezone: match[1] ?? DEFAULT_CRON_TIMEZONE, expression: text.slice(match[0].length) };
}

/** Whether the runtime's time zone database knows this zone. */
export function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
