/**
 * Registers the catalog's workflows through the engine (as a worker's PutWorkflow would), one
 * definition version after another, and dates them back so that each version is the current
 * one for its share of the seeded period. Versions the tenant already has (a second seed run)
 * are reused.
 */
import type { Database } from '@trellis/db';
import {
  listVersionSteps,
  type Engine,
  type StepRow,
  type TaskDefinitionInput,
  type WorkflowDefinitionInput,
} from '@trellis/engine';
import type { RegisteredFilter, SeedStep, SeedVersion, SeedWorkflow } from './history-generator';
import { WORKFLOW_CATALOG, type StepBehaviour, type WorkflowBehaviour } from './workflow-catalog';

const DAY_MS = 24 * 60 * 60 * 1000;

function taskDefinition(workflow: string, step: StepBehaviour): TaskDefinitionInput {
  return {
    readableId: step.readableId,
    actionId: `${workflow}:${step.readableId}`,
    timeout: step.timeout,
    scheduleTimeout: step.scheduleTimeout,
    parents: step.parents,
    retries: step.retries,
    backoffFactor: step.backoffFactor,
  };
}

/** Version `n` of a catalog workflow: the same graph, labelled `v<n>` as an SDK user would. */
function definition(workflow: WorkflowBehaviour, n: number): WorkflowDefinitionInput {
  return {
    name: workflow.name,
    description: workflow.description,
    version: `v${n}`,
    tasks: workflow.steps.map((step) => taskDefinition(workflow.name, step)),
    onFailureTask: workflow.onFailure && taskDefinition(workflow.name, workflow.onFailure),
    eventTriggers: workflow.eventTriggers,
    defaultFilters: workflow.filters?.map(({ scope, expression, payload }) => ({
      scope,
      expression,
      payload,
    })),
  };
}

interface VersionRow {
  workflowId: string;
  versionId: string;
  version: string;
  createdAt: Date;
}

async function listVersions(db: Database, tenantId: string, name: string): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT w.id AS "workflowId", v.id AS "versionId", v.version, v.created_at AS "createdAt"
       FROM workflows w JOIN workflow_versions v ON v.workflow_id = w.id
      WHERE w.tenant_id = $1 AND w.name = $2 AND w.deleted_at IS NULL
      ORDER BY v.version_order`,
    [tenantId, name],
  );
  return rows;
}

export async function registerSeedWorkflows(options: {
  db: Database;
  engine: Engine;
  tenantId: string;
  from: number;
  to: number;
}): Promise<SeedWorkflow[]> {
  const { db, engine, tenantId, from, to } = options;
  const workflows: SeedWorkflow[] = [];
  for (const behaviour of WORKFLOW_CATALOG) {
    const activeFrom = (n: number) =>
      n === 1 ? from : from + ((n - 1) / behaviour.versions) * (to - from);
    const existing = await listVersions(db, tenantId, behaviour.name);
    for (let n = 1; n <= behaviour.versions; n++) {
      if (existing.some((v) => v.version === `v${n}`)) continue;
      const { workflowId, versionId } = await engine.putWorkflow(
        tenantId,
        definition(behaviour, n),
      );
      // Registered before its runs: a day before the period for the first, then as it took over.
      const createdAt = new Date(activeFrom(n) - (n === 1 ? DAY_MS : 60_000));
      await db.query('UPDATE workflow_versions SET created_at = $2 WHERE id = $1', [
        versionId,
        createdAt,
      ]);
      if (n === 1) {
        await db.query(
          'UPDATE workflows SET created_at = $2, updated_at = $3 WHERE id = $1 AND created_at > $2',
          [workflowId, createdAt, new Date(activeFrom(behaviour.versions))],
        );
      }
    }
    const versions = (await listVersions(db, tenantId, behaviour.name)).filter((v) =>
      /^v\d+$/.test(v.version),
    );
    const seedVersions: SeedVersion[] = [];
    for (const v of versions) {
      const n = Number(v.version.slice(1));
      const steps = await listVersionSteps(db, tenantId, v.versionId);
      const seedStep = (row: StepRow): SeedStep => ({
        ...row,
        behaviour:
          (row.isOnFailure
            ? behaviour.onFailure
            : behaviour.steps.find((s) => s.readableId === row.readableId)) ??
          missingBehaviour(behaviour.name, row.readableId),
      });
      seedVersions.push({
        id: v.versionId,
        activeFrom: activeFrom(n),
        steps: steps.filter((s) => !s.isOnFailure).map(seedStep),
        onFailure: steps.filter((s) => s.isOnFailure).map(seedStep)[0],
      });
    }
    const workflowId = versions[0]!.workflowId;
    workflows.push({
      id: workflowId,
      behaviour,
      versions: seedVersions,
      filters: await registeredFilters(db, tenantId, workflowId, behaviour),
    });
  }
  return workflows;
}

/**
 * The ids the engine gave the workflow's declared filters, in the catalog's order (none when
 * the tenant's versions were registered by a seed that declared no filters).
 */
async function registeredFilters(
  db: Database,
  tenantId: string,
  workflowId: string,
  behaviour: WorkflowBehaviour,
): Promise<RegisteredFilter[]> {
  if (!behaviour.filters?.length) return [];
  const { rows } = await db.query<{ id: string; scope: string; expression: string }>(
    'SELECT id, scope, expression FROM event_filters WHERE tenant_id = $1 AND workflow_id = $2',
    [tenantId, workflowId],
  );
  return behaviour.filters.flatMap((filter) => {
    const row = rows.find((r) => r.scope === filter.scope && r.expression === filter.expression);
    return row ? [{ ...filter, id: row.id }] : [];
  });
}

function missingBehaviour(workflow: string, step: string): never {
  throw new Error(
    `workflow "${workflow}" has a step "${step}" the seed catalog does not describe: ` +
      'was it registered by something other than the seed?',
  );
}
