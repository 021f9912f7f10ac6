import type { OAuthProvider } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { USER_COLUMNS, type UserRow } from '../user.queries';

/** The account a provider's identity is linked to. */
export async function findUserByIdentity(
  db: Queryable,
  provider: OAuthProvider,
  subject: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM user_oauth_identities JOIN users ON users.id = user_oauth_identities.user_id
     WHERE user_oauth_identities.provider = $1 AND user_oauth_identities.subject = $2`,
    [provider, subject],
  );
  return rows[0];
}

export async function insertIdentity(
  db: Queryable,
  identity: { provider: OAuthProvider; subject: string; userId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO user_oauth_identities (provider, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (provider, subject) DO NOTHING`,
    [identity.provider, identity.subject, identity.userId],
  );
}
