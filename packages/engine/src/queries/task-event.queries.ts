import type { Queryable } from '@trellis/db';
import type { Write } from './combined-writes';
import type { TaskEventType } from '../task-lifecycle';

export interface NewTaskEventRow {
  tenantId: string;
  taskId: string;
  retryCount: number;
  eventType: TaskEventType;
  workerId?: string | null;
  message?: string;
  data?: unknown;
  /** When it happened: the tick's time, or a worker's report's, or a deadline's. */
  createdAt?: Date | undefined;
}

export interface TaskEventRow {
  id: string;
  retryCount: number;
  eventType: TaskEventType;
  createdAt: Date;
  workerId: string | null;
  message: string;
  data: unknown;
}

export function taskEventsInsert(events: readonly NewTaskEventRow[]): Write {
  return {
    text: (first) =>
      `INSERT INTO task_events
         (tenant_id, task_id, retry_count, event_type, worker_id, message, data, created_at)
       SELECT e."tenantId", e."taskId", e."retryCount", e."eventType", e."workerId",
              COALESCE(e.message, ''), e.data, COALESCE(e."createdAt", now())
         FROM jsonb_to_recordset($${first}::jsonb) AS e(
           "tenantId" uuid, "taskId" bigint, "retryCount" int, "eventType" text, "workerId" uuid,
           message text, data jsonb, "createdAt" timestamptz)`,
    params: [JSON.stringify(events)],
  };
}

/** A task's timeline, oldest first. */
export async function listTaskEvents(
  db: Queryable,
  tenantId: string,
  taskId: string,
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT id, retry_count AS "retryCount", event_type AS "eventType", created_at AS "createdAt",
            worker_id AS "workerId", message, data
       FROM task_events WHERE tenant_id = $1 AND task_id = $2 ORDER BY id`,
    [tenantId, taskId],
  );
  return rows;
}
