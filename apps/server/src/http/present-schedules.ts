import type { CronWorkflows, ScheduledWorkflows } from '@trellis/api-contract';
import type { CronRow } from '../read-models/cron.queries';
import type { ScheduledRunRow } from '../read-models/scheduled-run.queries';
import { meta } from './present';
import { LEGACY_STATUS } from './present-runs';

/** Crons and scheduled runs as the API shows them. Optional fields that are unset are omitted. */

export function presentCron(row: CronRow, tenantId: string): CronWorkflows {
  return {
    metadata: meta(row),
    tenantId,
    workflowVersionId: row.workflowVersionId,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    cron: row.expression,
    ...(row.name ? { name: row.name } : {}),
    input: row.input,
    additionalMetadata: row.additionalMetadata,
    enabled: row.enabled,
    method: row.method,
    ...(row.priority !== null ? { priority: row.priority } : {}),
    ...(row.lastDueAt
      ? {
          lastFire: {
            dueAt: row.lastDueAt.toISOString(),
            ...(row.lastRunId ? { runId: row.lastRunId } : {}),
            late: row.lastFireLate,
          },
        }
      : {}),
  };
}

export function presentScheduledRun(row: ScheduledRunRow, tenantId: string): ScheduledWorkflows {
  return {
    metadata: meta(row),
    tenantId,
    workflowVersionId: row.workflowVersionId,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    triggerAt: row.triggerAt.toISOString(),
    input: row.input,
    additionalMetadata: row.additionalMetadata,
    method: row.method,
    ...(row.priority !== null ? { priority: row.priority } : {}),
    ...(row.runId
      ? {
          workflowRunId: row.runId,
          workflowRunName: row.workflowName,
          ...(row.runStatus ? { workflowRunStatus: LEGACY_STATUS[row.runStatus] } : {}),
          ...(row.runCreatedAt ? { workflowRunCreatedAt: row.runCreatedAt.toISOString() } : {}),
        }
      : {}),
  };
}
