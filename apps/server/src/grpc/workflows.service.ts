/**
 * WorkflowService: how the SDK triggers runs (and spawns children from non-durable tasks), and
 * puts static rate limits (`hatchet.ratelimits.upsert`).
 */
import { EngineError, type EngineApi } from '@trellis/engine';
import { invalid } from './grpc-errors';
import { unary, type HandlerContext } from './handlers';
import { toTriggerRequest } from './mapping';
import { idempotencyCollisionError } from './status-details';
import type { TriggerWorkflowRequest } from './messages';
import type { ServiceImplementation } from './transport/server';

/** The SDK sends bulk triggers in batches of up to 500. */
const MAX_BULK_TRIGGERS = 1000;

export function workflowsService(engine: EngineApi, ctx: HandlerContext): ServiceImplementation {
  return {
    PutRateLimit: unary(
      ctx,
      async (tenantId, request: { key: string; limit: number; duration?: string }) => {
        await engine.putRateLimit(tenantId, request);
        return {};
      },
    ),

    TriggerWorkflow: unary(ctx, async (tenantId, request: TriggerWorkflowRequest) => {
      const trigger = toTriggerRequest(request);
      const [runId] = await ctx.resourceLimits.admitRuns(tenantId, 1, () =>
        engine.trigger(tenantId, [trigger]),
      );
      return { workflow_run_id: runId };
    }),

    BulkTriggerWorkflow: unary(
      ctx,
      async (tenantId, request: { workflows: TriggerWorkflowRequest[] }) => {
        if (request.workflows.length > MAX_BULK_TRIGGERS) {
          throw invalid(`at most ${MAX_BULK_TRIGGERS} workflows per bulk trigger`);
        }
        try {
          const triggers = request.workflows.map(toTriggerRequest);
          const runIds = await ctx.resourceLimits.admitRuns(tenantId, triggers.length, () =>
            engine.trigger(tenantId, triggers),
          );
          return { workflow_run_ids: runIds };
        } catch (error) {
          // A bulk trigger's collisions come with the runs it did create.
          if (error instanceof EngineError && error.collisions) {
            throw idempotencyCollisionError(error.message, error.collisions, true);
          }
          throw error;
        }
      },
    ),
  };
}
