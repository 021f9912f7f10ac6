import {
  workflowDelete,
  workflowGet,
  workflowList,
  workflowUpdate,
  workflowVersionGet,
} from '@trellis/api-contract';
import {
  findWorkflowVersionView,
  findWorkflowView,
  listVersionSteps,
  listWorkflows,
} from '../../read-models/workflow.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { presentWorkflow, presentWorkflowVersion } from '../present-workflows';

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
    return presentWorkflowVersion(workflow, version, steps, tenantId);
  });
}
