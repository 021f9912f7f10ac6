import {
  scheduledWorkflowRunCreate,
  splitKeyValues,
  workflowScheduledBulkDelete,
  workflowScheduledBulkUpdate,
  workflowScheduledDelete,
  workflowScheduledGet,
  workflowScheduledList,
  workflowScheduledTrigger,
  workflowScheduledUpdate,
} from '@trellis/api-contract';
import { SCHEDULE_REFUSALS } from '@trellis/engine';
import {
  findScheduledRunView,
  listScheduledIds,
  listScheduledRuns,
} from '../../read-models/scheduled-run.queries';
import { limitRefusalsAs429 } from '../../resource-limits/limit-refusals';
import { ApiError, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { refusalsAs } from '../engine-refusals';
import { legacyListPagination } from '../pagination';
import { presentScheduledRun } from '../present-schedules';

/** Statuses of the one-item refusals, as the reference answers them. */
const REFUSAL_STATUS: Record<string, number> = {
  [SCHEDULE_REFUSALS.notFound]: 404,
  [SCHEDULE_REFUSALS.declaredInCode]: 403,
  [SCHEDULE_REFUSALS.alreadyTriggered]: 400,
};

/** Scheduled runs: the engine writes them and fires them; lists and details are read here. */
export function registerScheduledRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const scheduledOr404 = async (tenantId: string, id: string) => {
    const row = await findScheduledRunView(db, tenantId, id);
    if (!row) throw notFound(SCHEDULE_REFUSALS.notFound);
    return row;
  };

  /** A single-item change refused: the bulk result's error, with its status. */
  const refuseOne = (errors: readonly { error: string }[]) => {
    const [first] = errors;
    if (first)
      throw new ApiError(REFUSAL_STATUS[first.error] ?? 400, [{ description: first.error }]);
  };

  api.handle(scheduledWorkflowRunCreate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const id = await limitRefusalsAs429(
      api.context.resourceLimits.admitSchedules(tenantId, 1, () =>
        engine.timedTriggers.schedule(tenantId, params.workflowName, {
          triggerAt: new Date(body.triggerAt),
          input: body.input,
          additionalMetadata: body.additionalMetadata,
          priority: body.priority,
        }),
      ),
    );
    return presentScheduledRun(await scheduledOr404(tenantId, id), tenantId);
  });

  api.handle(workflowScheduledList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const { rows, total } = await listScheduledRuns(db, tenantId, query);
    return {
      rows: rows.map((row) => presentScheduledRun(row, tenantId)),
      pagination: legacyListPagination(query, total),
    };
  });

  api.handle(workflowScheduledGet, async ({ params, identity }) =>
    presentScheduledRun(
      await scheduledOr404(identity.tenant!.id, params.scheduledRun),
      identity.tenant!.id,
    ),
  );

  api.handle(workflowScheduledUpdate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const { errors } = await engine.timedTriggers.reschedule(tenantId, [
      { id: params.scheduledRun, triggerAt: new Date(body.triggerAt) },
    ]);
    refuseOne(errors);
    return presentScheduledRun(await scheduledOr404(tenantId, params.scheduledRun), tenantId);
  });

  api.handle(workflowScheduledDelete, async ({ params, identity }) => {
    const { errors } = await engine.timedTriggers.deleteScheduled(identity.tenant!.id, [
      params.scheduledRun,
    ]);
    refuseOne(errors);
  });

  api.handle(workflowScheduledTrigger, async ({ params, identity }) => ({
    externalId: await refusalsAs(
      engine.timedTriggers.fireScheduledNow(identity.tenant!.id, params.scheduledRun),
      { FAILED_PRECONDITION: { status: 400 } },
    ),
  }));

  api.handle(workflowScheduledBulkDelete, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const filter = body.filter;
    const ids =
      body.scheduledWorkflowRunIds ??
      (await listScheduledIds(
        db,
        tenantId,
        {
          ...filter,
          additionalMetadata: splitKeyValues(filter?.additionalMetadata ?? []),
        },
        BULK_FILTER_LIMIT,
      ));
    return engine.timedTriggers.deleteScheduled(tenantId, ids);
  });

  api.handle(workflowScheduledBulkUpdate, async ({ body, identity }) =>
    engine.timedTriggers.reschedule(
      identity.tenant!.id,
      body.updates.map(({ id, triggerAt }) => ({ id, triggerAt: new Date(triggerAt) })),
    ),
  );
}

/** Most scheduled runs one bulk delete by filter takes; the rest wait for another request. */
const BULK_FILTER_LIMIT = 10_000;
