/** Most addresses a group may hold, as the server allows. */
export const MAX_GROUP_EMAILS = 100;

/** A plain check (something@domain.tld); the server has the last word. */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The addresses of a text, one a line or separated by commas or semicolons. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * The addresses of the form's text, lower-cased and each once, or what is wrong with it:
 * nothing given, too many, or the addresses that are not email addresses.
 */
export function parseAlertEmails(text: string): { emails: string[] } | { error: string } {
  const parts = splitEmails(text);
  if (parts.length === 0) return { error: 'Enter at least one email address' };
  const invalid = parts.filter((part) => !EMAIL.test(part));
  if (invalid.length > 0) {
    const shown = invalid.slice(0, 3).join(', ');
    const rest = invalid.length > 3 ? ` and ${invalid.length - 3} more` : '';
    return {
      error: `${invalid.length === 1 ? 'Not an email address' : 'Not email addresses'}: ${shown}${rest}`,
    };
  }
  const emails = [...new Set(parts.map((part) => part.toLowerCase()))];
  if (emails.length > MAX_GROUP_EMAILS)
    return { error: `A group holds at most ${MAX_GROUP_EMAILS} email addresses` };
  return { emails };
}

/** The choices of the "Max Run Failure Alerting Frequency" select (reference 5.16.5). */
export const ALERT_FREQUENCIES = [
  { value: '5m', label: '5 minutes' },
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
] as const;

/** The select's options: the reference's three, plus the current value when set otherwise. */
export function frequencyOptions(current: string | undefined): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [...ALERT_FREQUENCIES];
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: current });
  return options;
}
