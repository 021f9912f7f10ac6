import { taskIdRangeOfRuns, type Queryable } from '@trellis/db';

export interface NewStreamEventRow {
  tenantId: string;
  taskId: string;
  runId: string;
  retryCount: number;
  eventIndex: number | null;
  createdAt: Date;
  /** base64 of the raw bytes. */
  message: string;
  metadata: unknown;
}

export interface StreamEventRow {
  id: string;
  taskExternalId: string;
  retryCount: number;
  eventIndex: number | null;
  createdAt: Date;
  message: Uint8Array;
}

export async function insertStreamEvents(
  db: Queryable,
  events: readonly NewStreamEventRow[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO task_stream_events
       (tenant_id, task_id, run_id, retry_count, event_index, created_at, message, metadata)
     SELECT e."tenantId", e."taskId", e."runId", e."retryCount", e."eventIndex", e."createdAt",
            decode(e.message, 'base64'), e.metadata
       FROM jsonb_to_recordset($1::jsonb) AS e(
         "tenantId" uuid, "taskId" bigint, "runId" uuid, "retryCount" int, "eventIndex" bigint,
         "createdAt" timestamptz, message text, metadata jsonb, ord int)
      ORDER BY e.ord
     RETURNING id`,
    [JSON.stringify(events.map((e, ord) => ({ ...e, ord })))],
  );
  // Identity values follow the ORDER BY, so sorting them restores the input order.
  return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

/** A run's stream events so far, in order (index, then arrival). */
export async function listRunStreamEvents(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<StreamEventRow[]> {
  const { rows } = await db.query<StreamEventRow>(
    `SELECT e.id, t.external_id AS "taskExternalId", e.retry_count AS "retryCount",
            e.event_index AS "eventIndex", e.created_at AS "createdAt", e.message
       FROM task_stream_events e JOIN tasks t ON t.id = e.task_id
      WHERE e.tenant_id = $1 AND e.run_id = $2 AND t.id >= $3 AND t.id < $4
      ORDER BY e.id`,
    [tenantId, runId, ...taskIdRangeOfRuns([runId])],
  );
  return rows;
}
