import type { Queryable } from '@trellis/db';
import type { Write } from './combined-writes';

export interface NewTaskLogRow {
  tenantId: string;
  taskId: string;
  retryCount: number;
  createdAt: Date;
  level: string | null;
  message: string;
  metadata: unknown;
}

export interface TaskLogRow {
  retryCount: number;
  createdAt: Date;
  level: string | null;
  message: string;
  metadata: unknown;
}

export function taskLogsInsert(logs: readonly NewTaskLogRow[]): Write {
  return {
    text: (first) =>
      `INSERT INTO task_logs (tenant_id, task_id, retry_count, created_at, level, message, metadata)
     SELECT l."tenantId", l."taskId", l."retryCount", l."createdAt", l.level, l.message, l.metadata
       FROM jsonb_to_recordset($${first}::jsonb) AS l(
         "tenantId" uuid, "taskId" bigint, "retryCount" int, "createdAt" timestamptz, level text,
         message text, metadata jsonb)`,
    params: [JSON.stringify(logs)],
  };
}

/** A task's log lines, oldest first, bounded. */
export async function listTaskLogs(
  db: Queryable,
  tenantId: string,
  taskId: string,
  limit: number,
): Promise<TaskLogRow[]> {
  const { rows } = await db.query<TaskLogRow>(
    `SELECT retry_count AS "retryCount", created_at AS "createdAt", level, message, metadata
       FROM task_logs WHERE tenant_id = $1 AND task_id = $2 ORDER BY created_at, id LIMIT $3`,
    [tenantId, taskId, limit],
  );
  return rows;
}
