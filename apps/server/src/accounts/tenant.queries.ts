import type { Queryable } from '@trellis/db';
import type { TenantEnvironment, TenantVersion } from '@trellis/api-contract';

export interface TenantRow {
  id: string;
  name: string;
  slug: string;
  version: TenantVersion;
  environment: TenantEnvironment | null;
  analyticsOptOut: boolean;
  alertMemberEmails: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const TENANT_COLUMNS = `tenants.id, tenants.name, tenants.slug, tenants.version, tenants.environment,
  tenants.analytics_opt_out AS "analyticsOptOut", tenants.alert_member_emails AS "alertMemberEmails",
  tenants.created_at AS "createdAt", tenants.updated_at AS "updatedAt"`;

/** Inserts a tenant with its default alerting settings; undefined when the slug is taken. */
export async function insertTenant(
  db: Queryable,
  tenant: {
    name: string;
    slug: string;
    version: TenantVersion;
    environment: TenantEnvironment | null;
  },
): Promise<TenantRow | undefined> {
  const { rows } = await db.query<TenantRow>(
    `WITH inserted AS (
       INSERT INTO tenants (name, slug, version, environment) VALUES ($1, $2, $3, $4)
       ON CONFLICT (slug) DO NOTHING RETURNING *
     ), settings AS (
       INSERT INTO tenant_alerting_settings (tenant_id) SELECT id FROM inserted
     )
     SELECT ${TENANT_COLUMNS} FROM inserted AS tenants`,
    [tenant.name, tenant.slug, tenant.version, tenant.environment],
  );
  return rows[0];
}

export async function findTenantById(db: Queryable, id: string): Promise<TenantRow | undefined> {
  const { rows } = await db.query<TenantRow>(
    `SELECT ${TENANT_COLUMNS} FROM tenants WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export async function findTenantBySlug(
  db: Queryable,
  slug: string,
): Promise<TenantRow | undefined> {
  const { rows } = await db.query<TenantRow>(
    `SELECT ${TENANT_COLUMNS} FROM tenants WHERE slug = $1`,
    [slug],
  );
  return rows[0];
}

/** Updates the fields given (undefined leaves a field as it is). */
export async function updateTenant(
  db: Queryable,
  id: string,
  patch: {
    name?: string;
    analyticsOptOut?: boolean;
    alertMemberEmails?: boolean;
    version?: TenantVersion;
  },
): Promise<TenantRow> {
  const { rows } = await db.query<TenantRow>(
    `UPDATE tenants SET name = coalesce($2, name), analytics_opt_out = coalesce($3, analytics_opt_out),
       alert_member_emails = coalesce($4, alert_member_emails), version = coalesce($5, version),
       updated_at = now()
     WHERE id = $1 RETURNING ${TENANT_COLUMNS}`,
    [
      id,
      patch.name ?? null,
      patch.analyticsOptOut ?? null,
      patch.alertMemberEmails ?? null,
      patch.version ?? null,
    ],
  );
  return rows[0]!;
}

export interface AlertingSettingsRow {
  tenantId: string;
  enableWorkflowRunFailureAlerts: boolean;
  enableExpiringTokenAlerts: boolean;
  enableTenantResourceLimitAlerts: boolean;
  maxAlertingFrequency: string;
  lastAlertedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const ALERTING_COLUMNS = `tenant_id AS "tenantId",
  enable_workflow_run_failure_alerts AS "enableWorkflowRunFailureAlerts",
  enable_expiring_token_alerts AS "enableExpiringTokenAlerts",
  enable_tenant_resource_limit_alerts AS "enableTenantResourceLimitAlerts",
  max_alerting_frequency AS "maxAlertingFrequency", last_alerted_at AS "lastAlertedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function findAlertingSettings(
  db: Queryable,
  tenantId: string,
): Promise<AlertingSettingsRow> {
  const { rows } = await db.query<AlertingSettingsRow>(
    `SELECT ${ALERTING_COLUMNS} FROM tenant_alerting_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0]!;
}

export async function updateAlertingSettings(
  db: Queryable,
  tenantId: string,
  patch: {
    enableWorkflowRunFailureAlerts?: boolean;
    enableExpiringTokenAlerts?: boolean;
    enableTenantResourceLimitAlerts?: boolean;
    maxAlertingFrequency?: string;
  },
): Promise<void> {
  await db.query(
    `UPDATE tenant_alerting_settings SET
       enable_workflow_run_failure_alerts = coalesce($2, enable_workflow_run_failure_alerts),
       enable_expiring_token_alerts = coalesce($3, enable_expiring_token_alerts),
       enable_tenant_resource_limit_alerts = coalesce($4, enable_tenant_resource_limit_alerts),
       max_alerting_frequency = coalesce($5, max_alerting_frequency), updated_at = now()
     WHERE tenant_id = $1`,
    [
      tenantId,
      patch.enableWorkflowRunFailureAlerts ?? null,
      patch.enableExpiringTokenAlerts ?? null,
      patch.enableTenantResourceLimitAlerts ?? null,
      patch.maxAlertingFrequency ?? null,
    ],
  );
}
