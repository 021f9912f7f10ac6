/**
 * What a cron string typed into a form says, as the user types it: the spec's validation
 * message (section 5) when it is not valid, else its description and timezone. Both come
 * from the one cron module the server checks with, so the form never accepts what the
 * server refuses.
 */
import { describeCron, validateCron } from '@trellis/cron';

export type CronVerdict =
  { valid: true; description: string; timezone: string } | { valid: false; message: string };

export function cronVerdict(input: string): CronVerdict {
  const validation = validateCron(input);
  if (!validation.valid) return { valid: false, message: validation.message };
  const description = describeCron(input);
  if (!description.ok) return { valid: false, message: description.text };
  return { valid: true, description: description.text, timezone: description.timezone };
}

/** "Runs at 09:00, Monday through Friday": the description as a sentence about the cron. */
export function runsText(description: string): string {
  return `Runs ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
}
