import type { Queryable } from '@trellis/db';

export interface AlertEmailGroupRow {
  id: string;
  tenantId: string;
  emails: string[];
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, tenant_id AS "tenantId", emails, created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/** Addresses as stored: trimmed, lower-cased, each once, in the order given. */
export function normaliseEmails(emails: readonly string[]): string[] {
  return [...new Set(emails.map((email) => email.trim().toLowerCase()))];
}

export async function insertAlertEmailGroup(
  db: Queryable,
  tenantId: string,
  emails: readonly string[],
): Promise<AlertEmailGroupRow> {
  const { rows } = await db.query<AlertEmailGroupRow>(
    `INSERT INTO tenant_alert_email_groups (tenant_id, emails) VALUES ($1, $2::text[])
     RETURNING ${COLUMNS}`,
    [tenantId, normaliseEmails(emails)],
  );
  return rows[0]!;
}

/** The tenant's groups, oldest first. */
export async function listAlertEmailGroups(
  db: Queryable,
  tenantId: string,
): Promise<AlertEmailGroupRow[]> {
  const { rows } = await db.query<AlertEmailGroupRow>(
    `SELECT ${COLUMNS} FROM tenant_alert_email_groups WHERE tenant_id = $1
      ORDER BY created_at, id`,
    [tenantId],
  );
  return rows;
}

/** Replaces a group's addresses; undefined when the tenant has no such group. */
export async function updateAlertEmailGroup(
  db: Queryable,
  tenantId: string,
  id: string,
  emails: readonly string[],
): Promise<AlertEmailGroupRow | undefined> {
  const { rows } = await db.query<AlertEmailGroupRow>(
    `UPDATE tenant_alert_email_groups SET emails = $3::text[], updated_at = now()
      WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [tenantId, id, normaliseEmails(emails)],
  );
  return rows[0];
}

/** Whether the tenant had the group. */
export async function deleteAlertEmailGroup(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM tenant_alert_email_groups WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    [tenantId, id],
  );
  return rows.length > 0;
}
