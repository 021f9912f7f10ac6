import type { Queryable } from '@trellis/db';
import { USER_COLUMNS, type UserRow } from './user.queries';

export async function insertSession(
  db: Queryable,
  session: { tokenHash: Buffer; userId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO user_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
    [session.tokenHash, session.userId, session.expiresAt],
  );
}

/** The user of a session that has not expired. */
export async function findSessionUser(
  db: Queryable,
  tokenHash: Buffer,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM user_sessions JOIN users ON users.id = user_sessions.user_id
     WHERE user_sessions.token_hash = $1 AND user_sessions.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

export async function deleteSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Signs a user out everywhere but the session given (after a password change). */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepTokenHash: Buffer,
): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE user_id = $1 AND token_hash <> $2', [
    userId,
    keepTokenHash,
  ]);
}
