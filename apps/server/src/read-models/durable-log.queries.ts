import { taskIdRangeOfExternalId, type Queryable } from '@trellis/db';

export interface DurableLogRow {
  nodeId: number;
  branchId: number;
  kind: 'RUN' | 'WAIT_FOR' | 'MEMO';
  invocation: number;
  visitedBy: number;
  label: string | null;
  conditions: DurableConditionRow[] | null;
  dueAt: Date | null;
  satisfiedAt: Date | null;
  result: unknown;
  failure: string | null;
  childRunId: string | null;
  createdAt: Date;
  taskExternalId: string;
  taskDisplayName: string;
}

/** A wait's condition as the engine stores it (durable-conditions.ts). */
export interface DurableConditionRow {
  kind: 'SLEEP' | 'EVENT';
  key: string;
  orGroup: string;
  sleepMs?: number;
  eventKey?: string;
  expression?: string;
  scope?: string | null;
}

/**
 * A durable task's event log within the tenant, in call order; empty for an unknown task. Its
 * current log: nodes a branch superseded are left out. A DAG task's gate (its condition wait,
 * kind GATE) shares the table but is not a durable call.
 */
export async function listDurableLog(
  db: Queryable,
  tenantId: string,
  taskExternalId: string,
  offset: number,
  limit: number,
): Promise<DurableLogRow[]> {
  const { rows } = await db.query<DurableLogRow>(
    `SELECT n.node_id::int AS "nodeId", n.branch_id::int AS "branchId", n.kind,
            n.invocation_count AS invocation, n.visited_by AS "visitedBy", n.label, n.conditions,
            n.due_at AS "dueAt", n.satisfied_at AS "satisfiedAt", n.result, n.failure,
            n.child_run_id AS "childRunId", n.created_at AS "createdAt",
            t.external_id AS "taskExternalId", t.readable_id AS "taskDisplayName"
       FROM tasks t
       JOIN durable_nodes n ON n.task_id = t.id AND n.tenant_id = t.tenant_id
      WHERE t.tenant_id = $1 AND t.external_id = $2 AND n.kind <> 'GATE'
        AND n.superseded_at IS NULL AND t.id >= $5 AND t.id < $6
      ORDER BY n.node_id
      OFFSET $3 LIMIT $4`,
    [tenantId, taskExternalId, offset, limit, ...taskIdRangeOfExternalId(taskExternalId)],
  );
  return rows;
}
