import { v1WorkflowRunCreate, workflowRunCreate } from '@trellis/api-contract';
import { EngineError, type EngineApi, type TriggerRequest } from '@trellis/engine';
import { findRunDetail } from '../../read-models/run-detail.queries';
import { limitRefusalsAs429 } from '../../resource-limits/limit-refusals';
import type { ResourceLimits } from '../../resource-limits/resource-limits';
import {
  findLatestVersionByName,
  findWorkflowVersionView,
  findWorkflowView,
} from '../../read-models/workflow.queries';
import { ApiError, badRequest, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { presentLegacyRun } from '../present-runs';
import { readRunDetails } from '../read-run-details';
import { inputSchemaErrors } from '../run-input-validation';

/**
 * Starts one run of the workflow the body names. The engine not finding it (deleted since the
 * route looked it up) is a 400 on that field, like the route's own check and as the reference
 * answers; the error handler maps every other engine error.
 */
async function triggerNamedInBody(
  engine: EngineApi,
  resourceLimits: ResourceLimits,
  tenantId: string,
  request: TriggerRequest,
): Promise<string> {
  try {
    // Over the tenant's task runs, the reference answers this route's refusal with a 400.
    const [runId] = await resourceLimits.admitRuns(tenantId, 1, () =>
      engine.trigger(tenantId, [request]),
    );
    return runId!;
  } catch (error) {
    if (error instanceof EngineError && error.code === 'NOT_FOUND') {
      throw badRequest(error.message, 'workflowName');
    }
    throw error;
  }
}

function assertInputConforms(
  version: { id: string; inputJsonSchema: Record<string, unknown> | null },
  input: Record<string, unknown>,
): void {
  const errors = inputSchemaErrors(version, input);
  if (errors.length > 0) throw new ApiError(400, errors);
}

export function registerRunTriggerRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(v1WorkflowRunCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const version = await findLatestVersionByName(db, tenantId, body.workflowName);
    if (!version) {
      throw badRequest(`workflow "${body.workflowName}" does not exist`, 'workflowName');
    }
    assertInputConforms(version, body.input);
    const runId = await triggerNamedInBody(engine, api.context.resourceLimits, tenantId, {
      workflowName: body.workflowName,
      input: body.input,
      additionalMetadata: body.additionalMetadata,
      priority: body.priority,
    });
    if (body.return_only_id) {
      const now = new Date().toISOString();
      return {
        run: {
          metadata: { id: runId, createdAt: now, updatedAt: now },
          status: 'QUEUED' as const,
          displayName: body.workflowName,
          tenantId,
          workflowId: version.workflowId,
          input: {},
          output: {},
        },
        taskEvents: [],
        shape: [],
        tasks: [],
      };
    }
    // The engine answers once the run is committed, so it is readable at once.
    return (await readRunDetails(db, tenantId, runId))!;
  });

  api.handle(workflowRunCreate, async ({ params, query, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const workflow = await findWorkflowView(db, tenantId, params.workflow);
    if (!workflow?.latestVersionId) throw notFound('workflow not found');
    const latest = (await findWorkflowVersionView(db, tenantId, workflow.id))!;
    if (query.version && query.version !== latest.id) {
      if (!(await findWorkflowVersionView(db, tenantId, workflow.id, query.version))) {
        throw notFound('version not found');
      }
      throw badRequest(
        `runs start from the latest version of a workflow, and ${query.version} is an earlier one`,
        'version',
      );
    }
    assertInputConforms(latest, body.input);
    // The workflow is the path's: the engine not finding it is the error handler's 404.
    const [runId] = await limitRefusalsAs429(
      api.context.resourceLimits.admitRuns(tenantId, 1, () =>
        engine.trigger(tenantId, [
          {
            workflowName: workflow.name,
            input: body.input,
            additionalMetadata: body.additionalMetadata,
          },
        ]),
      ),
    );
    return presentLegacyRun((await findRunDetail(db, tenantId, runId!))!, tenantId);
  });
}
