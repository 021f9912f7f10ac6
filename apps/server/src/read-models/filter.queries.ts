import type { Queryable } from '@trellis/db';
import { SqlParams } from './run-filter';
import type { Page } from './run-list.queries';

/** An event filter: for events of its scope, its workflow runs only when the expression holds. */
export interface FilterRow {
  id: string;
  workflowId: string;
  scope: string;
  expression: string;
  payload: Record<string, unknown>;
  isDeclarative: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const FILTER_COLUMNS = `id, workflow_id AS "workflowId", scope, expression, payload,
  is_declarative AS "isDeclarative", created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface FilterListOptions extends Page {
  workflowIds?: readonly string[] | undefined;
  scopes?: readonly string[] | undefined;
}

/** A page of a tenant's filters, newest first (event_filters_list_idx), and how many match. */
export async function listFilters(
  db: Queryable,
  tenantId: string,
  options: FilterListOptions,
): Promise<{ rows: FilterRow[]; total: number }> {
  const params = new SqlParams();
  const conditions = [`tenant_id = ${params.add(tenantId)}`];
  if (options.workflowIds?.length)
    conditions.push(`workflow_id = ANY(${params.add(options.workflowIds)}::uuid[])`);
  if (options.scopes?.length) conditions.push(`scope = ANY(${params.add(options.scopes)}::text[])`);
  const where = conditions.join(' AND ');
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<FilterRow>(
      `SELECT ${FILTER_COLUMNS} FROM event_filters WHERE ${where}
       ORDER BY created_at DESC, id LIMIT ${options.limit} OFFSET ${options.offset}`,
      params.values,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM event_filters WHERE ${where}`,
      params.values,
    ),
  ]);
  return { rows, total: counted[0]!.total };
}

export async function findFilter(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<FilterRow | undefined> {
  const { rows } = await db.query<FilterRow>(
    `SELECT ${FILTER_COLUMNS} FROM event_filters WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rows[0];
}

export interface NewFilter {
  workflowId: string;
  scope: string;
  expression: string;
  payload: Record<string, unknown>;
}

/**
 * Stores a filter made over REST (not declarative). Undefined when the workflow already has a
 * filter with this scope and expression.
 */
export async function insertFilter(
  db: Queryable,
  tenantId: string,
  filter: NewFilter,
): Promise<FilterRow | undefined> {
  const { rows } = await db.query<FilterRow>(
    `INSERT INTO event_filters (tenant_id, workflow_id, scope, expression, payload)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (tenant_id, workflow_id, scope, expression) DO NOTHING
     RETURNING ${FILTER_COLUMNS}`,
    [tenantId, filter.workflowId, filter.scope, filter.expression, JSON.stringify(filter.payload)],
  );
  return rows[0];
}

export type FilterChanges = Partial<Pick<NewFilter, 'scope' | 'expression' | 'payload'>>;

/**
 * Changes the fields given. Undefined when the filter is gone; `duplicate` when another filter
 * of its workflow already has the resulting scope and expression.
 */
export async function updateFilter(
  db: Queryable,
  tenantId: string,
  id: string,
  changes: FilterChanges,
): Promise<FilterRow | 'duplicate' | undefined> {
  try {
    const { rows } = await db.query<FilterRow>(
      `UPDATE event_filters SET scope = COALESCE($3, scope), expression = COALESCE($4, expression),
         payload = COALESCE($5::jsonb, payload), updated_at = now()
       WHERE tenant_id = $1 AND id = $2
       RETURNING ${FILTER_COLUMNS}`,
      [
        tenantId,
        id,
        changes.scope ?? null,
        changes.expression ?? null,
        changes.payload === undefined ? null : JSON.stringify(changes.payload),
      ],
    );
    return rows[0];
  } catch (error) {
    // event_filters_unique_idx: (tenant, workflow, scope, expression).
    if ((error as { code?: string }).code === '23505') return 'duplicate';
    throw error;
  }
}

/** Deletes a filter; answers it as it was, or undefined when it was already gone. */
export async function deleteFilter(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<FilterRow | undefined> {
  const { rows } = await db.query<FilterRow>(
    `DELETE FROM event_filters WHERE tenant_id = $1 AND id = $2 RETURNING ${FILTER_COLUMNS}`,
    [tenantId, id],
  );
  return rows[0];
}
