import type { Queryable } from '@trellis/db';

export async function insertEmailVerification(
  db: Queryable,
  verification: { userId: string; email: string; expiresAt: Date },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO email_verifications (user_id, email, expires_at) VALUES ($1, $2, $3) RETURNING id',
    [verification.userId, verification.email, verification.expiresAt],
  );
  return rows[0]!.id;
}

/**
 * Spends a verification link and verifies its address, if the link is unused and the account
 * still has that address. Every other open link of the account is spent with it. Resolves to
 * false when the link was already used (or superseded).
 */
export async function useEmailVerification(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ userId: string }>(
    `WITH spent AS (
       UPDATE email_verifications SET used_at = now()
       WHERE user_id = (SELECT user_id FROM email_verifications WHERE id = $1 AND used_at IS NULL)
         AND used_at IS NULL
       RETURNING id, user_id, email
     )
     UPDATE users SET email_verified = true, updated_at = now()
     FROM spent WHERE spent.id = $1 AND users.id = spent.user_id AND users.email = spent.email
     RETURNING users.id AS "userId"`,
    [id],
  );
  return rows.length === 1;
}
