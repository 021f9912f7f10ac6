import type { Queryable } from '@trellis/db';

export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const USER_COLUMNS = `users.id, users.email, users.name, users.password_hash AS "passwordHash",
  users.email_verified AS "emailVerified", users.created_at AS "createdAt", users.updated_at AS "updatedAt"`;

/**
 * Inserts a user; resolves to undefined when the email is taken. Users who sign in only through
 * a provider have no password hash.
 */
export async function insertUser(
  db: Queryable,
  user: { email: string; name: string | null; passwordHash: string | null; emailVerified: boolean },
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, password_hash, email_verified) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.email, user.name, user.passwordHash, user.emailVerified],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [
    email,
  ]);
  return rows[0];
}

export async function updateUserPassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId, passwordHash],
  );
  return rows[0]!;
}

export async function markEmailVerified(db: Queryable, userId: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [userId],
  );
  return rows[0]!;
}

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return rows[0]!.count;
}
