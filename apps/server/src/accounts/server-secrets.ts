import type { Queryable } from '@trellis/db';

/**
 * Returns the secret stored under `name`, creating it with `create()` the first time. When two
 * processes start together, both insert; the first insert wins and both read the same value.
 */
export async function getOrCreateSecret(
  db: Queryable,
  name: string,
  create: () => Promise<string> | string,
): Promise<string> {
  const candidate = await create();
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, candidate],
  );
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  return rows[0]!.value;
}
