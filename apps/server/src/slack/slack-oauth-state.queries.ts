import { createHash } from 'node:crypto';
import type { Queryable } from '@trellis/db';

/** An install has ten minutes between leaving for Slack and coming back. */
export const SLACK_STATE_TTL_MS = 10 * 60_000;

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

/** Remembers an install under way (and forgets the ones that expired). */
export async function saveSlackState(
  db: Queryable,
  state: string,
  flow: { userId: string; tenantId: string },
  now: Date,
): Promise<void> {
  await db.query(`DELETE FROM slack_oauth_states WHERE expires_at < $1`, [now]);
  await db.query(
    `INSERT INTO slack_oauth_states (state_hash, user_id, tenant_id, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [hash(state), flow.userId, flow.tenantId, new Date(now.getTime() + SLACK_STATE_TTL_MS)],
  );
}

/**
 * Takes the install a state stands for: it is deleted in the same statement, so a state is
 * good for one callback whatever its outcome. Undefined when unknown, expired or another
 * user's (the state is bound to the session that started the install).
 */
export async function takeSlackState(
  db: Queryable,
  state: string,
  userId: string,
  now: Date,
): Promise<{ tenantId: string } | undefined> {
  const { rows } = await db.query<{ tenantId: string; userId: string; expiresAt: Date }>(
    `DELETE FROM slack_oauth_states WHERE state_hash = $1
     RETURNING tenant_id AS "tenantId", user_id AS "userId", expires_at AS "expiresAt"`,
    [hash(state)],
  );
  const row = rows[0];
  if (!row || row.userId !== userId || row.expiresAt <= now) return undefined;
  return { tenantId: row.tenantId };
}
