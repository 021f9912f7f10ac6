import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { WaitCondition } from '../durable-conditions';
import type { DurableNode } from '../durable-log';
import type { Write } from './combined-writes';
import { GATE_BRANCH } from './gate.queries';
import type { ParentCondition } from '../task-conditions';

const NODE_COLUMNS = `task_id AS "taskId", tenant_id AS "tenantId", branch_id::int AS "branchId", node_id::int AS "nodeId",
  kind, invocation_count AS invocation, visited_by AS "visitedBy", label, conditions, met,
  encode(memo_key, 'base64') AS "memoKey", due_at AS "dueAt", satisfied_seq AS "satisfiedSeq",
  satisfied_at AS "satisfiedAt", result, failure, child_run_id AS "childRunId",
  child_is_dag AS "childIsDag", created_at AS "createdAt"`;

type NodeRow = Omit<DurableNode, 'dueAt' | 'satisfiedAt' | 'createdAt'> & {
  taskId: string;
  tenantId: string;
  dueAt: Date | null;
  satisfiedAt: Date | null;
  createdAt: Date;
};

/** The logs of these tasks, node by node in call order, with their tenant and eviction. */
export async function listDurableNodes(
  db: Queryable,
  taskIds: readonly string[],
): Promise<
  Map<string, { tenantId: string; evicted: boolean; branchId: number; nodes: DurableNode[] }>
> {
  const { rows: tasks } = await db.query<{
    id: string;
    tenantId: string;
    evicted: boolean;
    branchId: number;
  }>(
    `SELECT id, tenant_id AS "tenantId", evicted_at IS NOT NULL AS evicted,
            durable_branch_id AS "branchId"
       FROM tasks WHERE id = ANY($1::bigint[])`,
    [taskIds],
  );
  const { rows } = await db.query<NodeRow>(
    `SELECT ${NODE_COLUMNS} FROM durable_nodes
      WHERE task_id = ANY($1::bigint[]) AND branch_id <> ${GATE_BRANCH} AND superseded_at IS NULL
      ORDER BY task_id, node_id`,
    [taskIds],
  );
  const logs = new Map(
    tasks.map((t) => [
      t.id,
      {
        tenantId: t.tenantId,
        evicted: t.evicted,
        branchId: t.branchId,
        nodes: [] as DurableNode[],
      },
    ]),
  );
  for (const { taskId, tenantId: _tenantId, dueAt, satisfiedAt, createdAt, ...node } of rows) {
    const log = logs.get(taskId)!;
    log.nodes.push({
      ...node,
      dueAt: dueAt?.getTime() ?? null,
      satisfiedAt: satisfiedAt?.getTime() ?? null,
      createdAt: createdAt.getTime(),
    });
  }
  return logs;
}

/** Writes nodes as memory holds them (new ones, and what changed in the others). */
export function durableNodesUpsert(
  nodes: readonly { taskId: string; tenantId: string; node: DurableNode }[],
): Write {
  const rows = nodes.map(({ taskId, tenantId, node }) => ({
    ...node,
    taskId,
    tenantId,
    dueAt: toIso(node.dueAt),
    satisfiedAt: toIso(node.satisfiedAt),
    createdAt: toIso(node.createdAt),
    // A JSON null in jsonb_to_recordset would be the SQL value, so the result is wrapped.
    result: { value: node.result },
  }));
  return {
    text: (first) =>
      `INSERT INTO durable_nodes AS d
         (task_id, tenant_id, branch_id, node_id, kind, invocation_count, visited_by, label,
          conditions, met, memo_key, due_at, satisfied_seq, satisfied_at, result, failure,
          child_run_id, child_is_dag, created_at)
       SELECT n."taskId", n."tenantId", n."branchId", n."nodeId", n.kind, n.invocation,
              n."visitedBy", n.label, n.conditions, n.met, decode(n."memoKey", 'base64'),
              n."dueAt", n."satisfiedSeq", n."satisfiedAt",
              CASE WHEN n."satisfiedSeq" IS NULL THEN NULL ELSE n.result->'value' END,
              n.failure, n."childRunId", n."childIsDag", n."createdAt"
         FROM jsonb_to_recordset($${first}::jsonb) AS n(
           "taskId" bigint, "tenantId" uuid, "branchId" bigint, "nodeId" bigint, kind text,
           invocation int, "visitedBy" int, label text, conditions jsonb, met jsonb,
           "memoKey" text, "dueAt" timestamptz, "satisfiedSeq" int, "satisfiedAt" timestamptz,
           result jsonb, failure text, "childRunId" uuid, "childIsDag" bool,
           "createdAt" timestamptz)
       ON CONFLICT (task_id, branch_id, node_id) DO UPDATE SET
         visited_by = EXCLUDED.visited_by, met = EXCLUDED.met, due_at = EXCLUDED.due_at,
         satisfied_seq = EXCLUDED.satisfied_seq, satisfied_at = EXCLUDED.satisfied_at,
         result = EXCLUDED.result, failure = EXCLUDED.failure`,
    params: [JSON.stringify(rows)],
  };
}

const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Open waits whose earliest sleep ends before `before`: the ones the engine times. */
export async function listDueSleeps(
  db: Queryable,
  scope: TenantScope,
  before: Date,
): Promise<{ taskId: string; nodeId: number; dueAt: Date }[]> {
  const { rows } = await db.query<{ taskId: string; nodeId: number; dueAt: Date }>(
    `SELECT task_id AS "taskId", node_id::int AS "nodeId", due_at AS "dueAt"
       FROM durable_nodes
      WHERE satisfied_at IS NULL AND due_at IS NOT NULL AND due_at < $1
        AND superseded_at IS NULL AND ${inScopeSql('tenant_id', '$2')}`,
    [before, scopeParam(scope)],
  );
  return rows;
}

/** Every open wait or gate with an event among its conditions (read on start). */
export async function listOpenEventWaits(
  db: Queryable,
  scope: TenantScope,
): Promise<
  {
    tenantId: string;
    taskId: string;
    nodeId: number;
    conditions: (WaitCondition | ParentCondition)[];
  }[]
> {
  const { rows } = await db.query<{
    tenantId: string;
    taskId: string;
    nodeId: number;
    conditions: (WaitCondition | ParentCondition)[];
  }>(
    `SELECT tenant_id AS "tenantId", task_id AS "taskId", node_id::int AS "nodeId", conditions
       FROM durable_nodes
      WHERE satisfied_at IS NULL AND superseded_at IS NULL AND kind IN ('WAIT_FOR', 'GATE')
        AND jsonb_path_exists(conditions, '$[*] ? (@.kind == "EVENT")')
        AND ${inScopeSql('tenant_id', '$1')}`,
    [scopeParam(scope)],
  );
  return rows;
}

/** Every open node waiting for a child run (read on start: their children are watched again). */
export async function listOpenChildren(
  db: Queryable,
  scope: TenantScope,
): Promise<{ tenantId: string; taskId: string; nodeId: number; childRunId: string }[]> {
  const { rows } = await db.query<{
    tenantId: string;
    taskId: string;
    nodeId: number;
    childRunId: string;
  }>(
    `SELECT tenant_id AS "tenantId", task_id AS "taskId", node_id::int AS "nodeId",
            child_run_id AS "childRunId"
       FROM durable_nodes
      WHERE satisfied_at IS NULL AND child_run_id IS NOT NULL AND superseded_at IS NULL
        AND ${inScopeSql('tenant_id', '$1')}`,
    [scopeParam(scope)],
  );
  return rows;
}

/** Events of a key stored since a time, oldest first: what a wait's lookback considers. */
export async function listEventsSince(
  db: Queryable,
  tenantId: string,
  key: string,
  since: Date,
): Promise<
  {
    id: string;
    key: string;
    payload: unknown;
    additionalMetadata: Record<string, unknown>;
    scope: string | null;
  }[]
> {
  const { rows } = await db.query<{
    id: string;
    key: string;
    payload: unknown;
    additionalMetadata: Record<string, unknown>;
    scope: string | null;
  }>(
    `SELECT id, key, payload, additional_metadata AS "additionalMetadata", scope FROM events
      WHERE tenant_id = $1 AND key = $2 AND created_at >= $3
      ORDER BY created_at, id LIMIT 1000`,
    [tenantId, key, since],
  );
  return rows;
}

/**
 * A branch: the task's nodes from `fromNodeId` on leave its log (superseded, kept for
 * history) and new nodes are written in `branchId`.
 */
export async function branchLog(
  db: Queryable,
  taskId: string,
  fromNodeId: number,
  branchId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE durable_nodes SET superseded_at = $3, due_at = NULL
      WHERE task_id = $1 AND branch_id <> ${GATE_BRANCH} AND node_id >= $2
        AND superseded_at IS NULL`,
    [taskId, fromNodeId, now],
  );
  await db.query(`UPDATE tasks SET durable_branch_id = $2 WHERE id = $1`, [taskId, branchId]);
}
