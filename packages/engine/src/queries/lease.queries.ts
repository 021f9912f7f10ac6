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

/** Extends the named leases this holder still has; returns the names it still has. */
export async function renewLeases(
  db: Queryable,
  holder: string,
  names: readonly string[],
  ttlMs: number,
): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `UPDATE engine_leases SET expires_at = now() + $3 * interval '1 millisecond'
      WHERE holder = $1 AND name = ANY($2::text[])
     RETURNING name`,
    [holder, names, ttlMs],
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * The fence, inside a transaction: true while this holder has this generation. FOR SHARE keeps
 * the row as it is until the transaction ends, so a takeover waits for the tick to commit, and
 * every tick after it sees the new generation and refuses to commit. A lease whose time ran out
 * but that nobody took yet still fences correctly, so the expiry is not checked here: the
 * holder's own renewal decides when it must stop (shard-leases.ts).
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

/**
 * Gives the lease up at once, so a waiting process takes it without waiting out its time. The
 * holder is cleared too: a renewal already in flight then finds nothing of its own to extend
 * (it matches by holder, and PostgreSQL re-checks that on the updated row), and whoever takes the
 * lease next, this holder included, starts a new generation that no older fence accepts.
 */
export async function releaseLease(
  db: Queryable,
  name: string,
  holder: string,
  generation: string,
): Promise<void> {
  await db.query(
    `UPDATE engine_leases SET expires_at = now(), holder = ''
      WHERE name = $1 AND holder = $2 AND generation = $3`,
    [name, holder, generation],
  );
}

/** Where a holder serves, as the other processes reach it: `host:port` each. */
export interface LeaseAddresses {
  http: string;
  grpc: string;
}

/** A shard's lease or a process's presence, as the balancing reads them. */
export interface ShardLeaseRow {
  /** The shard, for a shard's lease. */
  shard: number | undefined;
  /** A process's presence (`member:<holder>`). */
  member: boolean;
  holder: string;
  /** Its time has not run out. */
  live: boolean;
  /** Absent when the holder gave none. */
  addresses: LeaseAddresses | undefined;
}

/** Every shard lease and every process's presence. */
export async function listShardLeases(db: Queryable): Promise<ShardLeaseRow[]> {
  const { rows } = await db.query<{
    name: string;
    holder: string;
    live: boolean;
    http: string | null;
    grpc: string | null;
  }>(
    `SELECT name, holder, expires_at > now() AS live,
            http_address AS http, grpc_address AS grpc
       FROM engine_leases WHERE name LIKE 'shard:%' OR name LIKE 'member:%'`,
  );
  return rows.map(({ name, holder, live, http, grpc }) => ({
    shard: name.startsWith('shard:') ? Number(name.slice('shard:'.length)) : undefined,
    member: name.startsWith('member:'),
    holder,
    live,
    addresses: http && grpc ? { http, grpc } : undefined,
  }));
}

/** Forgets the presence of processes gone for more than a minute. */
export async function deleteLapsedMembers(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM engine_leases
      WHERE name LIKE 'member:%' AND expires_at < now() - interval '1 minute'`,
  );
}
