import {
  workflowRunCancel,
  workflowRunGet,
  workflowRunGetInput,
  workflowRunGetShape,
  workflowRunListStepRunEvents,
  workflowRunUpdateReplay,
} from '@trellis/api-contract';
import {
  listLegacyRunsById,
  listRunIdsOfTasks,
  type LegacyRunRow,
} from '../../read-models/legacy-run.queries';
import { listRunsById } from '../../read-models/run-list.queries';
import { listRunStepRunEvents, listStepRunsOfRuns } from '../../read-models/step-run.queries';
import {
  findWorkflowVersionView,
  findWorkflowView,
  listVersionSteps,
} from '../../read-models/workflow.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import {
  presentLegacyRunRow,
  presentLegacyRunWithJob,
  presentStepRunEvent,
} from '../present-legacy-runs';
import { asObject } from '../present-runs';
import { presentWorkflowVersion } from '../present-workflows';

/** Most step-run events one poll of a run's events answers with. */
const STEP_RUN_EVENTS_PER_POLL = 1000;

/** The older (v0) workflow-run routes over one run, and replaying and cancelling runs by id. */
export function registerLegacyRunRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const runOr404 = async (tenantId: string, runId: string): Promise<LegacyRunRow> => {
    const [run] = await listLegacyRunsById(db, tenantId, [runId]);
    if (!run) throw notFound('not found');
    return run;
  };

  api.handle(workflowRunGet, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const run = await runOr404(tenantId, params.run);
    const stepRuns = await listStepRunsOfRuns(db, tenantId, [run.id]);
    return presentLegacyRunWithJob(run, stepRuns, tenantId);
  });

  api.handle(workflowRunGetShape, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const run = await runOr404(tenantId, params.run);
    const [stepRuns, workflow, version, steps] = await Promise.all([
      listStepRunsOfRuns(db, tenantId, [run.id]),
      findWorkflowView(db, tenantId, run.workflowId),
      findWorkflowVersionView(db, tenantId, run.workflowId, run.workflowVersionId),
      listVersionSteps(db, tenantId, run.workflowVersionId),
    ]);
    // A deleted workflow's runs keep their step runs but no longer show its definition.
    const workflowVersion =
      workflow && version
        ? presentWorkflowVersion(
            workflow,
            version,
            steps.filter((step) => !step.isOnFailure),
            tenantId,
          )
        : undefined;
    return {
      ...presentLegacyRunWithJob(run, stepRuns, tenantId, workflowVersion?.jobs?.[0]),
      ...(workflowVersion ? { workflowVersion } : {}),
      workflowId: run.workflowId,
    };
  });

  api.handle(workflowRunGetInput, async ({ params, identity }) =>
    asObject((await runOr404(identity.tenant!.id, params.run)).input),
  );

  api.handle(workflowRunListStepRunEvents, async ({ params, query, identity }) => {
    const events = await listRunStepRunEvents(
      db,
      identity.tenant!.id,
      params.run,
      query.lastId ?? 0,
      STEP_RUN_EVENTS_PER_POLL,
    );
    return { rows: events.map(presentStepRunEvent) };
  });

  /** The ids that name runs of the tenant: the engine would also take task ids. */
  const runIdsAmong = async (tenantId: string, ids: readonly string[]) =>
    (await listRunsById(db, tenantId, ids)).map((run) => run.id);

  api.handle(workflowRunUpdateReplay, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const replayed = await engine.replay(
      tenantId,
      await runIdsAmong(tenantId, body.workflowRunIds),
    );
    const runIds = await listRunIdsOfTasks(db, tenantId, replayed);
    const runs = await listLegacyRunsById(db, tenantId, runIds);
    return { workflowRuns: runs.map((run) => presentLegacyRunRow(run, tenantId)) };
  });

  api.handle(workflowRunCancel, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const cancelled = await engine.cancel(
      tenantId,
      await runIdsAmong(tenantId, body.workflowRunIds),
    );
    return { workflowRunIds: await listRunIdsOfTasks(db, tenantId, cancelled) };
  });
}
