import {
  workflowDelete,
  workflowGet,
  workflowList,
  workflowUpdate,
  workflowVersionGet,
  type Workflow,
} from '@trellis/api-contract';
import {
  findWorkflowVersionView,
  findWorkflowView,
  listVersionSteps,
  listWorkflows,
  type WorkflowViewRow,
} from '../../read-models/workflow.queries';
import { notFound } from '../api-error';
import { presentConcurrency } from '../present-concurrency';
import type { ApiRouter } from '../api-router';

function presentWorkflow(row: WorkflowViewRow, options: { withVersion: boolean }): Workflow {
  const meta = (id: string, created: Date, updated: Date) => ({
    id,
    createdAt: created.toISOString(),
    updatedAt: updated.toISOString(),
  });
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
              metadata: meta(
                row.latestVersionId,
                row.latestVersionCreatedAt,
                row.latestVersionCreatedAt,
              ),
              version: `v${row.latestVersionOrder}`,
              order: row.latestVersionOrder!,
              workflowId: row.id,
            },
          ],
        }
      : {}),
  };
}

export function registerWorkflowRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(workflowList, async ({ query, identity }) => {
    const { rows, total } = await listWorkflows(db, identity.tenant!.id, {
      nameContains: query.name,
      offset: query.offset,
      limit: query.limit,
    });
    const numPages = Math.ceil(total / query.limit);
    const currentPage = 1 + Math.ceil(query.offset / query.limit);
    return {
      rows: rows.map((row) => presentWorkflow(row, { withVersion: true })),
      pagination: {
        current_page: currentPage,
        next_page: currentPage >= numPages ? currentPage : currentPage + 1,
        num_pages: numPages,
      },
    };
  });

  const workflowOr404 = async (tenantId: string, id: string) => {
    const row = await findWorkflowView(db, tenantId, id);
    if (!row?.latestVersionId) throw notFound('workflow not found');
    return row;
  };

  api.handle(workflowGet, async ({ params, identity }) =>
    presentWorkflow(await workflowOr404(identity.tenant!.id, params.workflow), {
      withVersion: true,
    }),
  );

  api.handle(workflowUpdate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const isPaused = body.pause ? body.pause.action === 'pause' : body.isPaused!;
    if (!(await engine.setWorkflowPaused(tenantId, params.workflow, isPaused))) {
      throw notFound('workflow not found');
    }
    return presentWorkflow(await workflowOr404(tenantId, params.workflow), { withVersion: true });
  });

  api.handle(workflowDelete, async ({ params, identity }) => {
    if (!(await engine.deleteWorkflow(identity.tenant!.id, params.workflow)))
      throw notFound('workflow not found');
  });

  api.handle(workflowVersionGet, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const workflow = await workflowOr404(tenantId, params.workflow);
    const version = await findWorkflowVersionView(db, tenantId, workflow.id, query.version);
    if (!version) throw notFound('version not found');
    const steps = await listVersionSteps(db, tenantId, version.id);
    const definition = version.definition;
    // Event and cron triggers are part of the definition; versions stored before they
    // triggered anything kept them in its `extra`.
    const extra = (definition.extra ?? {}) as Record<string, unknown>;
    const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
    const eventKeys = strings(definition.eventTriggers ?? extra.event_triggers);
    const meta = {
      id: version.id,
      createdAt: version.createdAt.toISOString(),
      updatedAt: version.createdAt.toISOString(),
    };
    return {
      metadata: meta,
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
          metadata: meta,
          tenantId,
          versionId: version.id,
          name: workflow.name,
          steps: steps.map((step) => ({
            metadata: { ...meta, id: step.id },
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
          })),
        },
      ],
      workflowConfig: definition,
      ...presentConcurrency(definition),
      ...(version.inputJsonSchema ? { inputJsonSchema: version.inputJsonSchema } : {}),
    };
  });
}
