import type { Queryable } from '@trellis/db';
import { escapeLike, metadataContains, SqlParams } from './run-filter';
import type { Page } from './run-list.queries';

/** A cron trigger as the REST API shows it, with its workflow's newest version. */
export interface CronRow {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersionId: string;
  method: 'DEFAULT' | 'API';
  name: string;
  expression: string;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
  enabled: boolean;
  lastDueAt: Date | null;
  lastRunId: string | null;
  lastFireLate: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const CRON_SELECT = `SELECT c.id, c.workflow_id AS "workflowId", w.name AS "workflowName",
    (SELECT v.id FROM workflow_versions v WHERE v.workflow_id = w.id
      ORDER BY v.version_order DESC LIMIT 1) AS "workflowVersionId",
    c.method, c.name, c.expression, c.input, c.additional_metadata AS "additionalMetadata",
    c.priority, c.enabled, c.last_due_at AS "lastDueAt", c.last_run_id AS "lastRunId",
    c.last_fire_late AS "lastFireLate", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
  FROM cron_triggers c JOIN workflows w ON w.id = c.workflow_id AND w.deleted_at IS NULL`;

export interface CronListOptions extends Page {
  workflowId?: string | undefined;
  workflowName?: string | undefined;
  cronName?: string | undefined;
  additionalMetadata?: readonly { key: string; value: string }[] | undefined;
  orderByField: 'name' | 'createdAt';
  orderByDirection: 'ASC' | 'DESC';
}

/** A page of a tenant's crons in the requested order, and how many match. */
export async function listCrons(
  db: Queryable,
  tenantId: string,
  options: CronListOptions,
): Promise<{ rows: CronRow[]; total: number }> {
  const params = new SqlParams();
  const conditions = [`c.tenant_id = ${params.add(tenantId)}`];
  if (options.workflowId) conditions.push(`c.workflow_id = ${params.add(options.workflowId)}`);
  if (options.workflowName) {
    conditions.push(`w.name = ${params.add(options.workflowName.toLowerCase())}`);
  }
  if (options.cronName) {
    conditions.push(`c.name ILIKE ${params.add(`%${escapeLike(options.cronName)}%`)}`);
  }
  for (const pair of options.additionalMetadata ?? []) {
    conditions.push(metadataContains('c.additional_metadata', pair, params));
  }
  const where = conditions.join(' AND ');
  const direction = options.orderByDirection === 'ASC' ? 'ASC' : 'DESC';
  const order =
    options.orderByField === 'name'
      ? `c.name ${direction}, c.expression ${direction}, c.id`
      : `c.created_at ${direction}, c.id ${direction}`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<CronRow>(
      `${CRON_SELECT} WHERE ${where} ORDER BY ${order}
       LIMIT ${options.limit} OFFSET ${options.offset}`,
      params.values,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total
         FROM cron_triggers c JOIN workflows w ON w.id = c.workflow_id AND w.deleted_at IS NULL
        WHERE ${where}`,
      params.values,
    ),
  ]);
  return { rows, total: counted[0]!.total };
}

export async function findCronView(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<CronRow | undefined> {
  const { rows } = await db.query<CronRow>(`${CRON_SELECT} WHERE c.tenant_id = $1 AND c.id = $2`, [
    tenantId,
    id,
  ]);
  return rows[0];
}
