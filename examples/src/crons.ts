/**
 * A workflow started by a cron declared in code: `nightly-digest` runs every day at 06:00 in
 * New York, and reports when it ran. The cron follows the workflow's code: registering a
 * version without it removes it.
 */
import type { JsonObject } from '@hatchet-dev/typescript-sdk';
import { hatchet } from './hatchet';

export const nightlyDigest = hatchet.task({
  name: 'nightly-digest',
  onCrons: ['CRON_TZ=America/New_York 0 6 * * *'],
  fn: async (input: JsonObject) => ({ digest: 'sent', input }),
});
