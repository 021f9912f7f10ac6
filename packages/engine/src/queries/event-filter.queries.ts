import type { Queryable } from '@trellis/db';
import type { DefaultFilter } from '../workflow-definition';

export interface TriggeredWorkflowRow {
  workflowId: string;
  workflowName: string;
  eventTriggers: string[];
}

/**
 * The live workflows whose newest version has event triggers. Versions stored before triggers
 * were acted on kept them under `extra.event_triggers`; they still count.
 */
export async function listEventTriggeredWorkflows(
  db: Queryable,
  tenantId: string,
): Promise<TriggeredWorkflowRow[]> {
  const { rows } = await db.query<TriggeredWorkflowRow>(
    `SELECT workflow_id AS "workflowId", name AS "workflowName", triggers AS "eventTriggers"
       FROM (SELECT DISTINCT ON (w.id) w.id AS workflow_id, w.name,
                    COALESCE(v.definition -> 'eventTriggers',
                             v.definition -> 'extra' -> 'event_triggers', '[]') AS triggers
               FROM workflows w
               JOIN workflow_versions v ON v.workflow_id = w.id AND v.tenant_id = w.tenant_id
              WHERE w.tenant_id = $1 AND w.deleted_at IS NULL
              ORDER BY w.id, v.version_order DESC) latest
      WHERE jsonb_array_length(triggers) > 0`,
    [tenantId],
  );
  return rows;
}

export interface FilterRow {
  id: string;
  workflowId: string;
  scope: string;
  expression: string;
  payload: Record<string, unknown>;
}

export async function listTenantFilters(db: Queryable, tenantId: string): Promise<FilterRow[]> {
  const { rows } = await db.query<FilterRow>(
    `SELECT id, workflow_id AS "workflowId", scope, expression, payload
       FROM event_filters WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows;
}

/**
 * Makes the workflow's declarative filters exactly `filters`: those no longer declared go, the
 * others are created or take the declared payload. A filter created over REST with the same
 * scope and expression becomes declarative (the code now owns it).
 */
export async function syncDeclarativeFilters(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  filters: readonly DefaultFilter[],
): Promise<void> {
  await db.query(
    `DELETE FROM event_filters f
      WHERE f.tenant_id = $1 AND f.workflow_id = $2 AND f.is_declarative
        AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($3::jsonb) AS d(scope text, expression text)
                         WHERE d.scope = f.scope AND d.expression = f.expression)`,
    [tenantId, workflowId, JSON.stringify(filters)],
  );
  if (filters.length === 0) return;
  await db.query(
    `INSERT INTO event_filters (tenant_id, workflow_id, scope, expression, payload, is_declarative)
     SELECT $1, $2, d.scope, d.expression, d.payload, true
       FROM jsonb_to_recordset($3::jsonb) AS d(scope text, expression text, payload jsonb)
     ON CONFLICT (tenant_id, workflow_id, scope, expression) DO UPDATE
        SET payload = EXCLUDED.payload, is_declarative = true, updated_at = now()
      WHERE event_filters.payload IS DISTINCT FROM EXCLUDED.payload
         OR NOT event_filters.is_declarative`,
    [tenantId, workflowId, JSON.stringify(filters)],
  );
}
