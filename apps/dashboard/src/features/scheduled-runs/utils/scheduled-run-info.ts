/** What the scheduled-run screens say about one scheduled run. */
import { scheduledRunStatusStyle } from '@/lib/status';
import type { ScheduledWorkflows } from '@/types/api';

/** Fired: the run it scheduled exists (or its time has passed and it is no longer SCHEDULED). */
export function hasFired(scheduled: ScheduledWorkflows): boolean {
  return Boolean(scheduled.workflowRunId) || scheduled.workflowRunStatus !== undefined;
}

/** "Scheduled" until it fires, then the status of its run (older vocabulary). */
export const scheduledStatus = (scheduled: ScheduledWorkflows) =>
  scheduledRunStatusStyle(hasFired(scheduled) ? scheduled.workflowRunStatus : undefined);

/** Deleting one created by the workflow's code is not offered (reference 5.10). */
export const isDefinedInCode = (scheduled: Pick<ScheduledWorkflows, 'method'>) =>
  scheduled.method !== 'API';

export const DEFINED_IN_CODE_REASON =
  "Scheduled by the workflow's code: it cannot be deleted here.";

/** The first characters of an id, enough to tell rows apart. */
export const shortId = (id: string) => id.slice(0, 8);
