/** v1.AdminService: workflow registration, run details, cancel, replay and trigger by name. */
import type { EngineApi } from '@trellis/engine';
import { invalid, parseJsonField } from './grpc-errors';
import { unary, type HandlerContext } from './handlers';
import { PROTO_RUN_STATUS, toWorkflowDefinition } from './mapping';
import type {
  CreateWorkflowVersionRequest,
  TasksRequest,
  TriggerWorkflowRunRequest,
} from './messages';
import type { ServiceImplementation } from './transport/server';

function jsonBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value ?? null));
}

function parseBytes(bytes: Buffer, field: string, fallback: unknown): unknown {
  return parseJsonField(bytes.toString('utf8'), field, fallback);
}

function idsOf(request: TasksRequest): string[] {
  if (request.external_ids.length === 0) {
    throw invalid('external_ids is required (filters are not supported yet)');
  }
  return request.external_ids;
}

export function adminService(engine: EngineApi, ctx: HandlerContext): ServiceImplementation {
  return {
    PutWorkflow: unary(ctx, async (tenantId, request: CreateWorkflowVersionRequest) => {
      const definition = toWorkflowDefinition(request);
      // Crons declared in code count against the tenant's crons like those made over REST.
      const { workflowId, versionId } = await ctx.resourceLimits.admitWorkflowCrons(
        tenantId,
        definition.name,
        new Set(definition.cronTriggers).size,
        () => engine.putWorkflow(tenantId, definition),
      );
      return { id: versionId, workflow_id: workflowId };
    }),

    GetRunDetails: unary(ctx, async (tenantId, request: { external_id: string }) => {
      const run = await engine.getRunDetails(tenantId, request.external_id);
      const done =
        run.status === 'COMPLETED' || run.status === 'FAILED' || run.status === 'CANCELLED';
      return {
        input: jsonBytes(run.input),
        status: PROTO_RUN_STATUS[run.status],
        task_runs: Object.fromEntries(
          run.tasks.map((task) => [
            task.readableId,
            {
              external_id: task.externalId,
              status:
                task.status === 'PENDING' || task.status === 'QUEUED'
                  ? 'QUEUED'
                  : task.status === 'ASSIGNED'
                    ? 'RUNNING'
                    : task.status,
              ...(task.error !== null ? { error: task.error } : {}),
              ...(task.status === 'COMPLETED' ? { output: jsonBytes(task.output) } : {}),
              readable_id: task.readableId,
              is_evicted: false,
            },
          ]),
        ),
        done,
        additional_metadata: jsonBytes(run.additionalMetadata),
        is_evicted: false,
      };
    }),

    CancelTasks: unary(ctx, async (tenantId, request: TasksRequest) => ({
      cancelled_tasks: await engine.cancel(tenantId, idsOf(request)),
    })),

    ReplayTasks: unary(ctx, async (tenantId, request: TasksRequest) => ({
      replayed_tasks: await engine.replay(tenantId, idsOf(request)),
    })),

    TriggerWorkflowRun: unary(ctx, async (tenantId, request: TriggerWorkflowRunRequest) => {
      if (!request.workflow_name) throw invalid('workflow_name is required');
      const metadata = parseBytes(request.additional_metadata, 'additional_metadata', {});
      if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
        throw invalid('additional_metadata must be a JSON object');
      }
      const trigger = {
        workflowName: request.workflow_name,
        input: parseBytes(request.input, 'input', {}),
        additionalMetadata: metadata as Record<string, unknown>,
        priority: request.priority,
      };
      const [runId] = await ctx.resourceLimits.admitRuns(tenantId, 1, () =>
        engine.trigger(tenantId, [trigger]),
      );
      return { external_id: runId };
    }),
  };
}
