import type { Workflow, WorkflowVersion } from '@trellis/api-contract';
import type {
  StepViewRow,
  WorkflowVersionViewRow,
  WorkflowViewRow,
} from '../read-models/workflow.queries';
import { presentConcurrency } from './present-concurrency';

/** Workflows, their versions and steps, as the workflow routes and the older run shapes show them. */

function meta(id: string, created: Date, updated: Date = created) {
  return { id, createdAt: created.toISOString(), updatedAt: updated.toISOString() };
}

export function presentWorkflow(row: WorkflowViewRow, options: { withVersion: boolean }): Workflow {
  return {
    metadata: meta(row.id, row.createdAt, row.updatedAt),
    name: row.name,
    description: row.description,
    isPaused: row.isPaused,
    tenantId: row.tenantId,
    ...(options.withVersion && row.latestVersionId && row.latestVersionCreatedAt
      ? {
          versions: [
            {
              metadata: meta(row.latestVersionId, row.latestVersionCreatedAt),
              version: `v${row.latestVersionOrder}`,
              order: row.latestVersionOrder!,
              workflowId: row.id,
            },
          ],
        }
      : {}),
  };
}

/**
 * A step of a version. A version has one job, which shares the version's id; `children` and
 * `parents` are readable ids of the version's other steps.
 */
export function presentStep(
  step: StepViewRow,
  steps: readonly StepViewRow[],
  version: Pick<WorkflowVersionViewRow, 'id' | 'createdAt'>,
  tenantId: string,
) {
  return {
    metadata: meta(step.id, version.createdAt),
    readableId: step.readableId,
    tenantId,
    jobId: version.id,
    action: step.actionId,
    timeout: `${step.timeoutSeconds}s`,
    isDurable: step.isDurable,
    slotRequests: { [step.slotType]: step.slotUnits },
    parents: step.parents,
    children: steps
      .filter((other) => other.parents.includes(step.readableId))
      .map((other) => other.readableId),
  };
}

/** A version with its triggers, its one job and that job's steps. */
export function presentWorkflowVersion(
  workflow: WorkflowViewRow,
  version: WorkflowVersionViewRow,
  steps: readonly StepViewRow[],
  tenantId: string,
): WorkflowVersion {
  const definition = version.definition;
  // Event and cron triggers are part of the definition; versions stored before they
  // triggered anything kept them in its `extra`.
  const extra = (definition.extra ?? {}) as Record<string, unknown>;
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const eventKeys = strings(definition.eventTriggers ?? extra.event_triggers);
  const versionMeta = meta(version.id, version.createdAt);
  return {
    metadata: versionMeta,
    version: `v${version.versionOrder}`,
    order: version.versionOrder,
    workflowId: workflow.id,
    defaultPriority: version.defaultPriority,
    workflow: presentWorkflow(workflow, { withVersion: false }),
    triggers: {
      events: eventKeys.map((key) => ({ event_key: key })),
      crons: strings(definition.cronTriggers ?? extra.cron_triggers).map((cron) => ({ cron })),
    },
    jobs: [
      {
        metadata: versionMeta,
        tenantId,
        versionId: version.id,
        name: workflow.name,
        steps: steps.map((step) => presentStep(step, steps, version, tenantId)),
      },
    ],
    workflowConfig: definition,
    ...presentConcurrency(definition),
    ...(version.inputJsonSchema ? { inputJsonSchema: version.inputJsonSchema } : {}),
  };
}
