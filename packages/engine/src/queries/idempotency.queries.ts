import type { Queryable } from '@trellis/db';

export interface KeyClaim {
  tenantId: string;
  workflowId: string;
  key: string;
  runId: string;
  method: 'TTL' | 'STATUS';
  expiresAt: Date;
}

/**
 * Claims keys for new runs: a key nobody holds is inserted; one whose hold has ended (its time
 * passed, or, by STATUS, its run finished) is taken over. Returns the runs holding every key
 * asked for afterwards: a claim succeeded where that is the new run.
 */
export async function claimIdempotencyKeys(
  db: Queryable,
  claims: readonly KeyClaim[],
  now: Date,
): Promise<Map<string, string>> {
  const { rows } = await db.query<{
    tenantId: string;
    workflowId: string;
    key: string;
    runId: string;
  }>(
    `WITH claimed AS (
       INSERT INTO idempotency_keys AS k (tenant_id, workflow_id, key, run_id, method, expires_at)
       SELECT c."tenantId", c."workflowId", c.key, c."runId", c.method, c."expiresAt"
         FROM jsonb_to_recordset($1::jsonb) AS c(
           "tenantId" uuid, "workflowId" uuid, key text, "runId" uuid, method text,
           "expiresAt" timestamptz)
       ON CONFLICT (tenant_id, workflow_id, key) DO UPDATE
         SET run_id = EXCLUDED.run_id, method = EXCLUDED.method, expires_at = EXCLUDED.expires_at
         WHERE k.expires_at <= $2
            OR (k.method = 'STATUS' AND EXISTS (
                  SELECT 1 FROM workflow_runs r
                   WHERE r.id = k.run_id AND r.status IN ('COMPLETED', 'FAILED', 'CANCELLED')))
       RETURNING k.tenant_id, k.workflow_id, k.key, k.run_id)
     SELECT c."tenantId", c."workflowId", c.key,
            COALESCE(claimed.run_id, held.run_id) AS "runId"
       FROM jsonb_to_recordset($1::jsonb) AS c("tenantId" uuid, "workflowId" uuid, key text)
       LEFT JOIN claimed ON claimed.tenant_id = c."tenantId"
            AND claimed.workflow_id = c."workflowId" AND claimed.key = c.key
       LEFT JOIN idempotency_keys held ON held.tenant_id = c."tenantId"
            AND held.workflow_id = c."workflowId" AND held.key = c.key`,
    [JSON.stringify(claims), now],
  );
  return new Map(rows.map((r) => [claimKey(r), r.runId]));
}

export function claimKey(claim: { tenantId: string; workflowId: string; key: string }): string {
  return `${claim.tenantId}\u0000${claim.workflowId}\u0000${claim.key}`;
}
