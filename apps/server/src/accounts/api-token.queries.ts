import type { Queryable } from '@trellis/db';

export interface ApiTokenRow {
  id: string;
  tenantId: string;
  name: string;
  expiresAt: Date;
  revoked: boolean;
  internal: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const API_TOKEN_COLUMNS = `id, tenant_id AS "tenantId", name, expires_at AS "expiresAt", revoked, internal,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function insertApiToken(
  db: Queryable,
  token: { tenantId: string; name: string; expiresAt: Date; internal?: boolean },
): Promise<ApiTokenRow> {
  const { rows } = await db.query<ApiTokenRow>(
    `INSERT INTO api_tokens (tenant_id, name, expires_at, internal) VALUES ($1, $2, $3, $4)
     RETURNING ${API_TOKEN_COLUMNS}`,
    [token.tenantId, token.name, token.expiresAt, token.internal ?? false],
  );
  return rows[0]!;
}

export async function findApiTokenById(
  db: Queryable,
  id: string,
): Promise<ApiTokenRow | undefined> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${API_TOKEN_COLUMNS} FROM api_tokens WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A token that may still be used: not revoked and not expired. */
export async function findUsableApiToken(
  db: Queryable,
  id: string,
): Promise<ApiTokenRow | undefined> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${API_TOKEN_COLUMNS} FROM api_tokens WHERE id = $1 AND NOT revoked AND expires_at > now()`,
    [id],
  );
  return rows[0];
}

/** An internal token of the server's own (e.g. the demo's) still valid at `validUntil`. */
export async function findInternalApiToken(
  db: Queryable,
  tenantId: string,
  name: string,
  validUntil: Date,
): Promise<ApiTokenRow | undefined> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${API_TOKEN_COLUMNS} FROM api_tokens
     WHERE tenant_id = $1 AND name = $2 AND internal AND NOT revoked AND expires_at > $3
     ORDER BY expires_at DESC LIMIT 1`,
    [tenantId, name, validUntil],
  );
  return rows[0];
}

/** Tokens users manage: not revoked and not internal. Expired ones stay listed. */
export async function listApiTokens(db: Queryable, tenantId: string): Promise<ApiTokenRow[]> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${API_TOKEN_COLUMNS} FROM api_tokens WHERE tenant_id = $1 AND NOT revoked AND NOT internal
     ORDER BY created_at DESC, id`,
    [tenantId],
  );
  return rows;
}

export async function revokeApiToken(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE api_tokens SET revoked = true, updated_at = now() WHERE id = $1', [id]);
}
