/**
 * Which tenants an engine schedules. On PGlite one engine schedules every tenant. On
 * PostgreSQL the tenants are split into TENANT_SHARDS shards by their id, each held by one
 * server process at a time under its own lease (shard-leases.ts), and a process runs one engine
 * per shard it holds: an engine's recovery and every scan across tenants (queue, running set,
 * workers, crons, scheduled runs, durable waits) read only its shard's tenants, so that several
 * processes schedule at once without sharing any in-memory state.
 */

/**
 * How many shards the tenants are split into: the most processes that can share the
 * scheduling. A process runs an engine per shard it holds, so more shards cost more engines
 * (each with its own tick loop and timers) on a process that holds many.
 */
export const TENANT_SHARDS = 16;

/** Every tenant, or the tenants of one shard. */
export type TenantScope = 'all' | { shard: number };

/**
 * A tenant's shard: the last byte of its id, modulo TENANT_SHARDS. Tenant ids are random
 * UUIDs, so the shards are even; `tenantShardSql` computes the same in the database.
 */
export function shardOfTenant(tenantId: string): number {
  return Number.parseInt(tenantId.slice(-2), 16) % TENANT_SHARDS;
}

export function scopeIncludes(scope: TenantScope, tenantId: string): boolean {
  return scope === 'all' || shardOfTenant(tenantId) === scope.shard;
}

/** The scope as a query parameter for `inScopeSql`: the shard, or null for every tenant. */
export function scopeParam(scope: TenantScope): number | null {
  return scope === 'all' ? null : scope.shard;
}

/**
 * A condition true for the rows whose `column` (a tenant id) is in the scope passed as
 * `param` (from `scopeParam`). Not indexed: it filters the scans of small, hot tables (and of
 * rows an index already found), read when an engine starts or its horizon moves.
 */
export function inScopeSql(column: string, param: string): string {
  return `(${param}::int IS NULL OR get_byte(uuid_send(${column}), 15) % ${TENANT_SHARDS} = ${param}::int)`;
}
