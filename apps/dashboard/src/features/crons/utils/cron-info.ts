/** What the cron screens say about one cron, from its expression and how it was made. */
import { cronVerdict, runsText } from '@/lib/cron-verdict';
import { splitCronTimezone } from '@trellis/cron';
import type { CronWorkflows } from '@/types/api';

/** A cron declared with its workflow's code: only enabling, disabling and running now apply. */
export const isDefinedInCode = (cron: Pick<CronWorkflows, 'method'>) => cron.method === 'DEFAULT';

/** Why editing or deleting a code-defined cron is not offered. */
export const DEFINED_IN_CODE_REASON =
  "Defined in the workflow's code: change or remove it there. You can still enable, disable and run it.";

/** "Runs every minute", or the spec's message for a cron that cannot be described. */
export function cronDescription(cron: string): string {
  const verdict = cronVerdict(cron);
  return verdict.valid ? runsText(verdict.description) : verdict.message;
}

/** The zone of the cron's `CRON_TZ=` / `TZ=` prefix, UTC without one. */
export const cronTimezone = (cron: string) => splitCronTimezone(cron).timezone;

/** How a cron is named in titles and messages: its name, else its expression. */
export const cronLabel = (cron: Pick<CronWorkflows, 'name' | 'cron'>) => cron.name || cron.cron;
