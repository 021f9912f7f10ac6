import type { Queryable } from '@trellis/db';

export interface SnsIntegrationRow {
  id: string;
  tenantId: string;
  topicArn: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, tenant_id AS "tenantId", topic_arn AS "topicArn",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function listSnsIntegrations(
  db: Queryable,
  tenantId: string,
): Promise<SnsIntegrationRow[]> {
  const { rows } = await db.query<SnsIntegrationRow>(
    `SELECT ${COLUMNS} FROM sns_integrations WHERE tenant_id = $1 ORDER BY created_at, id`,
    [tenantId],
  );
  return rows;
}

/** The new integration, or undefined when the tenant has the topic already. */
export async function insertSnsIntegration(
  db: Queryable,
  tenantId: string,
  topicArn: string,
): Promise<SnsIntegrationRow | undefined> {
  const { rows } = await db.query<SnsIntegrationRow>(
    `INSERT INTO sns_integrations (tenant_id, topic_arn) VALUES ($1, $2)
     ON CONFLICT (tenant_id, topic_arn) DO NOTHING RETURNING ${COLUMNS}`,
    [tenantId, topicArn],
  );
  return rows[0];
}

export async function deleteSnsIntegration(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM sns_integrations WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rowCount === 1;
}

export async function findSnsIntegrationByTopic(
  db: Queryable,
  tenantId: string,
  topicArn: string,
): Promise<SnsIntegrationRow | undefined> {
  const { rows } = await db.query<SnsIntegrationRow>(
    `SELECT ${COLUMNS} FROM sns_integrations WHERE tenant_id = $1 AND topic_arn = $2`,
    [tenantId, topicArn],
  );
  return rows[0];
}
