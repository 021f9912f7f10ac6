import { taskIdRangeOfExternalId, type Queryable } from '@trellis/db';

/**
 * How each path parameter leads to the tenant that owns it. Routes without `{tenant}` in the
 * path (e.g. `/api-tokens/{apiToken}`) are still tenant-scoped through their resource; routes
 * with both must name a resource of that very tenant. Every new tenant-owned resource that
 * appears in a path gets its resolver here.
 */
type TenantOf = (
  db: Queryable,
  id: string,
  /** The tenant the parameters before this one resolved to (`{tenant}` comes first). */
  tenantId: string | undefined,
) => Promise<string | undefined>;

const tenantColumnOf =
  (table: string, idColumn = 'id', condition = 'true'): TenantOf =>
  async (db, id) => {
    const { rows } = await db.query<{ tenantId: string }>(
      `SELECT tenant_id AS "tenantId" FROM ${table} WHERE ${idColumn} = $1 AND ${condition}`,
      [id],
    );
    return rows[0]?.tenantId;
  };

export const tenantOfPathParam: Record<string, TenantOf> = {
  tenant: async (_db, id) => id,
  member: tenantColumnOf('tenant_members'),
  invite: tenantColumnOf('tenant_invites'),
  apiToken: tenantColumnOf('api_tokens'),
  workflow: tenantColumnOf('workflows', 'id', 'deleted_at IS NULL'),
  worker: tenantColumnOf('workers'),
  run: tenantColumnOf('workflow_runs'),
  event: tenantColumnOf('events'),
  filter: tenantColumnOf('event_filters'),
  cron: tenantColumnOf('cron_triggers'),
  scheduledRun: tenantColumnOf('scheduled_runs'),
  savedView: tenantColumnOf('saved_views'),
  sns: tenantColumnOf('sns_integrations'),
  slack: tenantColumnOf('slack_webhooks'),
  webhookWorker: tenantColumnOf('webhook_workers'),
  alertEmailGroup: tenantColumnOf('tenant_alert_email_groups'),
  // A workflow by name, as crons and scheduled runs are created: names are unique only within
  // a tenant, so it is looked up in the tenant the path names.
  workflowName: async (db, name, tenantId) => {
    if (tenantId === undefined) return undefined;
    const { rows } = await db.query<{ tenantId: string }>(
      `SELECT tenant_id AS "tenantId" FROM workflows
        WHERE tenant_id = $1 AND name = lower($2) AND deleted_at IS NULL`,
      [tenantId, name],
    );
    return rows[0]?.tenantId;
  },
  // A durable task's event log is named by its task's external id (a hyphen would end a
  // Fastify parameter's name, so the reference's {durable-task} is {durableTask} here).
  durableTask: tenantColumnOf('tasks', 'external_id'),
  // A task's external id or, as the reference allows for task routes, a standalone task's run id.
  task: async (db, id) => {
    const { rows } = await db.query<{ tenantId: string }>(
      `SELECT tenant_id AS "tenantId" FROM tasks WHERE external_id = $1 AND id >= $2 AND id < $3
       UNION ALL
       SELECT tenant_id FROM workflow_runs WHERE id = $1 AND kind = 'TASK'
       LIMIT 1`,
      [id, ...taskIdRangeOfExternalId(id)],
    );
    return rows[0]?.tenantId;
  },
};
