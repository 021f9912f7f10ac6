/**
 * Task gates: a DAG task's conditions while they count, as one `durable_nodes` row on branch 0
 * (node 0). Sharing the durable log's table gives gates its sleep index and its read-back of
 * open event waits on start (durable-waits.ts); the log itself starts at branch 1.
 */
import type { Queryable } from '@trellis/db';
import type { GateAction, TaskCondition } from '../task-conditions';
import type { Write } from './combined-writes';

export const GATE_BRANCH = 0;
export const GATE_NODE = 0;

export interface Gate {
  taskId: string;
  tenantId: string;
  conditions: TaskCondition[];
  /** What met each condition, by index. */
  met: Record<number, unknown>;
  /** When the conditions started counting (sleeps count from it), epoch ms. */
  startedAt: number;
  /** When its earliest open sleep ends, epoch ms. */
  dueAt: number | null;
  decision: GateAction | null;
  decidedAt: number | null;
}

/** A gate as read back: also whether its task was stopped (cancelled, replayed) meanwhile. */
export type StoredGate = Gate & { runId: string; closed: boolean };

type GateRow = Omit<Gate, 'startedAt' | 'dueAt' | 'decidedAt' | 'decision'> & {
  startedAt: Date;
  dueAt: Date | null;
  decidedAt: Date | null;
  result: { action: GateAction } | null;
};

/** The gates of these tasks, by task id, with the run of each. */
export async function listGates(
  db: Queryable,
  taskIds: readonly string[],
): Promise<Map<string, StoredGate>> {
  if (taskIds.length === 0) return new Map();
  const { rows } = await db.query<GateRow & { runId: string; closed: boolean }>(
    `SELECT d.task_id AS "taskId", d.tenant_id AS "tenantId", t.run_id AS "runId", d.conditions,
            d.met, d.created_at AS "startedAt", d.due_at AS "dueAt",
            d.satisfied_at AS "decidedAt", d.result, d.superseded_at IS NOT NULL AS closed
       FROM durable_nodes d JOIN tasks t ON t.id = d.task_id
      WHERE d.task_id = ANY($1::bigint[]) AND t.id = ANY($1::bigint[])
        AND d.branch_id = ${GATE_BRANCH}
        AND d.node_id = ${GATE_NODE}`,
    [taskIds],
  );
  return new Map(
    rows.map(({ startedAt, dueAt, decidedAt, result, ...gate }) => [
      gate.taskId,
      {
        ...gate,
        startedAt: startedAt.getTime(),
        dueAt: dueAt?.getTime() ?? null,
        decidedAt: decidedAt?.getTime() ?? null,
        decision: result?.action ?? null,
      },
    ]),
  );
}

/** Writes gates as memory holds them (new ones, and what met or decided the others). */
export function gatesUpsert(gates: readonly Gate[]): Write {
  const rows = gates.map((gate) => ({
    ...gate,
    startedAt: new Date(gate.startedAt).toISOString(),
    dueAt: gate.dueAt === null ? null : new Date(gate.dueAt).toISOString(),
    decidedAt: gate.decidedAt === null ? null : new Date(gate.decidedAt).toISOString(),
    result: gate.decision === null ? null : { action: gate.decision },
  }));
  return {
    text: (first) =>
      `INSERT INTO durable_nodes AS d
         (task_id, tenant_id, branch_id, node_id, kind, invocation_count, visited_by,
          conditions, met, due_at, satisfied_at, result, created_at)
       SELECT g."taskId", g."tenantId", ${GATE_BRANCH}, ${GATE_NODE}, 'GATE', 0, 0,
              g.conditions, g.met, g."dueAt", g."decidedAt", g.result, g."startedAt"
         FROM jsonb_to_recordset($${first}::jsonb) AS g(
           "taskId" bigint, "tenantId" uuid, conditions jsonb, met jsonb, "dueAt" timestamptz,
           "decidedAt" timestamptz, result jsonb, "startedAt" timestamptz)
       ON CONFLICT (task_id, branch_id, node_id) DO UPDATE SET
         conditions = EXCLUDED.conditions, met = EXCLUDED.met, due_at = EXCLUDED.due_at,
         satisfied_at = EXCLUDED.satisfied_at, result = EXCLUDED.result,
         created_at = EXCLUDED.created_at`,
    params: [JSON.stringify(rows)],
  };
}

/**
 * Writes gates at once, not with the tick's last statement: run progress reads them later in
 * the same tick. (A gate of a task created in the tick goes with its task, as `gatesUpsert`.)
 */
export async function writeGates(db: Queryable, gates: readonly Gate[]): Promise<void> {
  if (gates.length === 0) return;
  const write = gatesUpsert(gates);
  await db.query(write.text(1), write.params);
}

/** Closes the open gates of tasks being stopped (cancelled): nothing waits on them any more. */
export async function closeGates(
  db: Queryable,
  taskIds: readonly string[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE durable_nodes SET superseded_at = $2, due_at = NULL
      WHERE task_id = ANY($1::bigint[]) AND branch_id = ${GATE_BRANCH} AND node_id = ${GATE_NODE}
        AND satisfied_at IS NULL AND superseded_at IS NULL`,
    [taskIds, now],
  );
}

/** Drops the gates of tasks being replayed: their conditions count again from the start. */
export async function deleteGates(db: Queryable, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  await db.query(
    `DELETE FROM durable_nodes
      WHERE task_id = ANY($1::bigint[]) AND branch_id = ${GATE_BRANCH} AND node_id = ${GATE_NODE}`,
    [taskIds],
  );
}
