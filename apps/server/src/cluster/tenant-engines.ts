/**
 * The engines of this server process, and where each tenant is scheduled.
 *
 * - **PGlite** (one process per data folder): one engine schedules every tenant, here.
 * - **PostgreSQL** (any number of processes on one database): the tenants' shards are leased
 *   between the live processes (@trellis/engine's shard-leases.ts), and this process runs one
 *   engine per shard it holds, started when it gains the shard (recovering that shard's tenants
 *   from the database) and closed when it gives it back or loses it. The transports reach them
 *   through one tenant-routed API; a call about a tenant scheduled elsewhere is relayed there
 *   before it gets this far (grpc/transport/relay.ts, http/forward-to-home.ts).
 */
import type { Database, Queryable } from '@trellis/db';
import {
  type Engine,
  EngineError,
  routeByTenant,
  ShardLeases,
  shardOfTenant,
  type EngineApi,
  type LeaseAddresses,
  type TenantHome,
  type TenantScope,
} from '@trellis/engine';

/** Makes an engine for `scope`, fenced by `fence` when it runs under a shard's lease. */
export type EngineFactory = (
  scope: TenantScope,
  fence: ((tx: Queryable) => Promise<void>) | undefined,
) => Engine;

export interface TenantEngines {
  /** What the transports call: each call goes to its tenant's engine here. */
  readonly api: EngineApi;
  /** Where a tenant is scheduled: here, another process (its addresses), or nowhere yet. */
  homeOf(tenantId: string): Promise<TenantHome>;
  /** Writes what is buffered, closes the engines and (on PostgreSQL) hands their shards over. */
  close(): Promise<void>;
  /**
   * Told, once its engine has closed, of each tenant shard this process no longer schedules:
   * what it kept of those tenants outside the engine is another process's to keep now.
   */
  onShardEnded(listener: (shard: number) => Promise<void>): void;
}

const HERE: TenantHome = { here: true };

/** One engine for every tenant (PGlite), started. */
export async function startOneEngine(create: EngineFactory): Promise<TenantEngines> {
  const engine = create('all', undefined);
  await engine.start();
  return {
    api: engine,
    homeOf: async () => HERE,
    close: () => engine.close(),
    // Every tenant stays here until the process stops.
    onShardEnded: () => {},
  };
}

export interface ShardedEnginesOptions {
  db: Database;
  create: EngineFactory;
  /** Where this process serves, for the others to relay its tenants' calls to. */
  addresses: LeaseAddresses;
  log: (message: string, error?: unknown) => void;
}

/**
 * An engine per shard this process holds (PostgreSQL); resolves once this process holds its
 * share of the free shards and their engines serve.
 */
export async function startShardedEngines(options: ShardedEnginesOptions): Promise<TenantEngines> {
  const engines = new Map<number, Engine>();
  const startedListeners = new Set<(engine: Engine) => void>();
  const endedListeners: ((shard: number) => Promise<void>)[] = [];
  const leases = await ShardLeases.join({
    db: options.db,
    addresses: options.addresses,
    gained: async (shard, fence) => {
      const engine = options.create({ shard }, fence);
      try {
        await engine.start();
      } catch (error) {
        await engine.close();
        throw error;
      }
      engines.set(shard, engine);
      for (const listener of startedListeners) listener(engine);
    },
    ended: async (shard, why) => {
      const engine = engines.get(shard);
      engines.delete(shard);
      if (why !== 'stopped') {
        options.log(
          why === 'lost'
            ? `tenant shard ${shard} was taken by another server process; its engine here stops`
            : `tenant shard ${shard} goes to a server process that joined; its engine here stops`,
        );
      }
      await engine?.close();
      for (const listener of endedListeners) await listener(shard);
    },
    onError: (message, error) => options.log(message, error),
  });
  const api = routeByTenant({
    of: (tenantId) => {
      const engine = engines.get(shardOfTenant(tenantId));
      if (engine) return engine;
      throw new EngineError(
        'UNAVAILABLE',
        'this server process does not schedule this tenant now (its shard is moving); retry',
      );
    },
    all: () => engines.values(),
    onStarted: (listener) => {
      startedListeners.add(listener);
      return () => startedListeners.delete(listener);
    },
  });
  return {
    api,
    homeOf: (tenantId) => leases.homeOf(tenantId),
    close: () => leases.stop(),
    onShardEnded: (listener) => {
      endedListeners.push(listener);
    },
  };
}
