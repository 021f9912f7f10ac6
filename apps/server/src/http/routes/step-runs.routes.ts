import { isDeepStrictEqual } from 'node:util';
import {
  logLineList,
  stepRunGet,
  stepRunGetSchema,
  stepRunListArchives,
  stepRunListEvents,
  stepRunUpdateCancel,
  stepRunUpdateRerun,
} from '@trellis/api-contract';
import { isFinal } from '@trellis/engine';
import {
  countStepRunEvents,
  countStepRunLogLines,
  findStepRun,
  listStepRunArchives,
  listStepRunEvents,
  listStepRunLogLines,
  type StepRunRow,
} from '../../read-models/step-run.queries';
import { findTaskRef } from '../../read-models/task-detail.queries';
import { findWorkflowVersionView, listVersionSteps } from '../../read-models/workflow.queries';
import { asObject } from '../present-runs';
import { badRequest, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { legacyListPagination } from '../pagination';
import { presentStepRun, presentStepRunArchive, presentStepRunEvent } from '../present-legacy-runs';
import { presentStep } from '../present-workflows';

/** The older (v0) step-run routes: a step run is a task, named by its external id. */
export function registerStepRunRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const stepRunOr404 = async (tenantId: string, id: string): Promise<StepRunRow> => {
    const ref = await findTaskRef(db, tenantId, id);
    const row = ref && (await findStepRun(db, tenantId, ref.id));
    if (!row) throw notFound('not found');
    return row;
  };

  api.handle(stepRunGet, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    const [version, steps] = await Promise.all([
      findWorkflowVersionView(db, tenantId, row.workflowId, row.workflowVersionId),
      listVersionSteps(db, tenantId, row.workflowVersionId),
    ]);
    const step = steps.find((candidate) => candidate.id === row.stepId);
    return {
      ...presentStepRun(row, tenantId),
      ...(version && step ? { step: presentStep(step, steps, version, tenantId) } : {}),
    };
  });

  api.handle(stepRunGetSchema, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    const version = await findWorkflowVersionView(
      db,
      tenantId,
      row.workflowId,
      row.workflowVersionId,
    );
    return version?.inputJsonSchema ?? {};
  });

  api.handle(stepRunUpdateRerun, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    if (!isFinal(row.internalStatus)) {
      throw badRequest('the step run has not finished: only a finished step run can be rerun');
    }
    // The engine replays a task with its run's input; another input would be silently dropped.
    if (!isDeepStrictEqual(body.input, asObject(row.input))) {
      throw badRequest(
        'a step run is rerun with the input it ran with: send that input unchanged',
        'input',
      );
    }
    await engine.replay(tenantId, [row.externalId]);
    return presentStepRun((await findStepRun(db, tenantId, row.id))!, tenantId);
  });

  api.handle(stepRunUpdateCancel, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    await engine.cancel(tenantId, [row.externalId]);
    return presentStepRun((await findStepRun(db, tenantId, row.id))!, tenantId);
  });

  api.handle(stepRunListEvents, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    const [events, total] = await Promise.all([
      listStepRunEvents(db, tenantId, row.id, query),
      countStepRunEvents(db, tenantId, row.id),
    ]);
    return {
      rows: events.map(presentStepRunEvent),
      pagination: legacyListPagination(query, total),
    };
  });

  api.handle(stepRunListArchives, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    const archives = await listStepRunArchives(db, tenantId, row.id, row.retryCount, query);
    return {
      rows: archives.map((archive) => presentStepRunArchive(archive, row)),
      // Every attempt before the current one is archived.
      pagination: legacyListPagination(query, row.retryCount),
    };
  });

  api.handle(logLineList, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await stepRunOr404(tenantId, params.task);
    const filter = { levels: query.levels, search: query.search };
    const [lines, total] = await Promise.all([
      listStepRunLogLines(db, tenantId, row.id, filter, {
        offset: query.offset,
        limit: query.limit,
        descending: query.orderByDirection === 'desc',
      }),
      countStepRunLogLines(db, tenantId, row.id, filter),
    ]);
    return {
      rows: lines.map((line) => ({
        createdAt: line.createdAt.toISOString(),
        message: line.message,
        metadata: asObject(line.metadata),
      })),
      pagination: legacyListPagination(query, total),
    };
  });
}
