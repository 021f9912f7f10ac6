import {
  cronWorkflowList,
  cronWorkflowTriggerCreate,
  workflowCronDelete,
  workflowCronGet,
  workflowCronTrigger,
  workflowCronUpdate,
} from '@trellis/api-contract';
import { findCronView, listCrons } from '../../read-models/cron.queries';
import { limitRefusalsAs429 } from '../../resource-limits/limit-refusals';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { refusalsAs } from '../engine-refusals';
import { legacyListPagination } from '../pagination';
import { presentCron } from '../present-schedules';

const CRON_NOT_FOUND = 'cron workflow not found';

/** Cron triggers: the engine writes them and fires them; lists and details are read here. */
export function registerCronRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const cronOr404 = async (tenantId: string, id: string) => {
    const row = await findCronView(db, tenantId, id);
    if (!row) throw notFound(CRON_NOT_FOUND);
    return row;
  };

  api.handle(cronWorkflowTriggerCreate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    // The reference answers a duplicate with 400 (an unknown workflow is a 404 of the path).
    const id = await limitRefusalsAs429(
      api.context.resourceLimits.admitCrons(tenantId, 1, () =>
        refusalsAs(
          engine.timedTriggers.createCron(tenantId, params.workflowName, {
            name: body.cronName,
            expression: body.cronExpression,
            input: body.input,
            additionalMetadata: body.additionalMetadata,
            priority: body.priority,
          }),
          { FAILED_PRECONDITION: { status: 400, field: 'cronName' } },
        ),
      ),
    );
    return presentCron(await cronOr404(tenantId, id), tenantId);
  });

  api.handle(cronWorkflowList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const { rows, total } = await listCrons(db, tenantId, query);
    return {
      rows: rows.map((row) => presentCron(row, tenantId)),
      pagination: legacyListPagination(query, total),
    };
  });

  api.handle(workflowCronGet, async ({ params, identity }) =>
    presentCron(await cronOr404(identity.tenant!.id, params.cron), identity.tenant!.id),
  );

  api.handle(workflowCronUpdate, async ({ params, body, identity }) => {
    const updated = await refusalsAs(
      engine.timedTriggers.updateCron(identity.tenant!.id, params.cron, {
        enabled: body.enabled,
        name: body.cronName,
        expression: body.cronExpression,
        input: body.input,
        additionalMetadata: body.additionalMetadata,
        priority: body.priority,
      }),
      // A cron declared in code is changed in code; a taken name and expression is a 400.
      { FAILED_PRECONDITION: { status: 400 } },
    );
    if (!updated) throw notFound(CRON_NOT_FOUND);
  });

  api.handle(workflowCronDelete, async ({ params, identity }) => {
    const deleted = await refusalsAs(
      engine.timedTriggers.deleteCron(identity.tenant!.id, params.cron),
      { FAILED_PRECONDITION: { status: 403 } },
    );
    if (!deleted) throw notFound(CRON_NOT_FOUND);
  });

  api.handle(workflowCronTrigger, async ({ params, identity }) => ({
    externalId: await engine.timedTriggers.runCronNow(identity.tenant!.id, params.cron),
  }));
}
