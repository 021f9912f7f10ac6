import type { Queryable } from '@trellis/db';

/**
 * Takes the lease for `holder` if nobody holds it, its time ran out, or `holder` has it
 * already; a change of holder starts a new generation. Times are the database's, so the
 * processes' clocks never have to agree. Returns the generation, or null when another holds it.
 */
export async function takeLease(
  db: Queryable,
  name: string,
  holder: string,
  ttlMs: number,
  addresses: LeaseAddresses | undefined,
): Promise<string | null> {
  const { rows } = await db.query<{ generation: string }>(
    `INSERT INTO engine_leases
       (name, holder, generation, acquired_at, expires_at, http_address, grpc_address)
     VALUES ($1, $2, 1, now(), now() + $3 * interval '1 millisecond', $4, $5)
     ON CONFLICT (name) DO UPDATE
        SET holder = EXCLUDED.holder,
            http_address = EXCLUDED.http_address,
            grpc_address = EXCLUDED.grpc_address,
            generation = engine_leases.generation
                         + CASE WHEN engine_leases.holder = EXCLUDED.holder THEN 0 ELSE 1 END,
            acquired_at = CASE WHEN engine_leases.holder = EXCLUDED.holder
                               THEN engine_leases.acquired_at ELSE now() END,
            expires_at = EXCLUDED.expires_at
      WHERE engine_leases.expires_at < now() OR engine_leases.holder = EXCLUDED.holder
     RETURNING generation`,
    [name, holder, ttlMs, addresses?.http ?? null, addresses?.grpc ?? null],
  );
  return rows[0]?.generation ?? null;
}

/** Extends the lease while this holder still has this generation; false when it lost it. */
export async function renewLease(
  db: Queryable,
  name: string,
  holder: string,
  generation: string,
  ttlMs: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE engine_leases SET expires_at = now() + $4 * interval '1 millisecond'
      WHERE name = $1 AND holder = $2 AND generation = $3`,
    [name, holder, generation, ttlMs],
  );
  return rowCount === 1;
}

/**
 * The fence, inside a transaction: true while this holder has this generation. FOR SHARE keeps
 * the row as it is until the transaction ends, so a takeover waits for the tick to commit, and
 * every tick after it sees the new generation and refuses to commit. A lease whose time ran out
 * but that nobody took yet still fences correctly, so the expiry is not checked here: the
 * holder's own renewal timer decides when it must stop (lease.ts).
 */
export async function holdsLease(
  tx: Queryable,
  name: string,
  holder: string,
  generation: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM engine_leases
      WHERE name = $1 AND holder = $2 AND generation = $3
        FOR SHARE`,
    [name, holder, generation],
  );
  return rows.length === 1;
}

/** Gives the lease up at once (a clean stop), so a waiting process takes it without waiting out its time. */
export async function releaseLease(
  db: Queryable,
  name: string,
  holder: string,
  generation: string,
): Promise<void> {
  await db.query(
    `UPDATE engine_leases SET expires_at = now()
      WHERE name = $1 AND holder = $2 AND generation = $3`,
    [name, holder, generation],
  );
}

/** Where a holder serves, as the other processes reach it: `host:port` each. */
export interface LeaseAddresses {
  http: string;
  grpc: string;
}

export interface LeaseRow {
  holder: string;
  expiresAt: Date;
  /** Absent when the holder gave none. */
  addresses: LeaseAddresses | undefined;
}

/** Who holds the lease, until when, and where it serves. */
export async function findLease(db: Queryable, name: string): Promise<LeaseRow | undefined> {
  const { rows } = await db.query<{
    holder: string;
    expiresAt: Date;
    http: string | null;
    grpc: string | null;
  }>(
    `SELECT holder, expires_at AS "expiresAt", http_address AS http, grpc_address AS grpc
       FROM engine_leases WHERE name = $1`,
    [name],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { http, grpc, ...rest } = row;
  return { ...rest, addresses: http && grpc ? { http, grpc } : undefined };
}
