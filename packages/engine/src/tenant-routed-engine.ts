/**
 * What the transports (gRPC, REST) call: the engine's commands and queries, each about one
 * tenant and taking its id first, and the readings across tenants. One engine offers it as it
 * is; a server process with an engine per tenant shard (tenant-scope.ts) offers it through
 * `routeByTenant`, which sends each call to the engine of the tenant's shard.
 */
import type { ChangeListener } from './changes';
import type { DurableTasks } from './durable-tasks';
import type { Engine } from './engine';
import type { TenantActivity } from './activity';
import type { TimedTriggers } from './timed-triggers';

/** The engine's methods about one tenant, whose first parameter is its id. */
const ENGINE_COMMANDS = [
  'putWorkflow',
  'deleteWorkflow',
  'setWorkflowPaused',
  'putRateLimit',
  'deleteRateLimit',
  'trigger',
  'cancel',
  'replay',
  'getRunDetails',
  'subscribeToRun',
  'subscribeToRunStream',
  'pushEvents',
  'replayEvents',
  'cancelEventRuns',
  'filtersChanged',
  'registerWorker',
  'attachWorkerStream',
  'heartbeat',
  'unsubscribeWorker',
  'upsertWorkerLabels',
  'setWorkerPaused',
  'reportTaskEvent',
  'reportBatchEvent',
  'refreshTimeout',
  'releaseSlot',
  'putLog',
  'listTaskLogs',
  'whyWaiting',
  'listTaskEvents',
  'putStreamEvent',
] as const satisfies readonly (keyof Engine)[];

const TIMED_TRIGGER_COMMANDS = [
  'createCron',
  'updateCron',
  'deleteCron',
  'runCronNow',
  'schedule',
  'reschedule',
  'deleteScheduled',
  'fireScheduledNow',
] as const satisfies readonly (keyof TimedTriggers)[];

const DURABLE_COMMANDS = [
  'attach',
  'call',
  'evict',
  'restore',
  'branch',
  'memoValue',
  'missed',
  'spawn',
] as const satisfies readonly (keyof DurableTasks)[];

export type EngineApi = Pick<Engine, (typeof ENGINE_COMMANDS)[number]> & {
  readonly timedTriggers: Pick<TimedTriggers, (typeof TIMED_TRIGGER_COMMANDS)[number]>;
  readonly durable: Pick<DurableTasks, (typeof DURABLE_COMMANDS)[number]>;
  /** Every tenant's committed changes, from whichever engine made them (changes.ts). */
  subscribeToChanges(listener: ChangeListener): () => void;
  /** Per tenant, merged over the engines (activity.ts); read them, do not keep them. */
  activityByTenant(): ReadonlyMap<string, Readonly<TenantActivity>>;
  queueDepthByTenant(): Map<string, number>;
};

export interface RoutedEngines {
  /** The engine that schedules the tenant here; throws (UNAVAILABLE) when none does. */
  of(tenantId: string): Engine;
  /** The engines running here now. */
  all(): Iterable<Engine>;
  /** Calls `listener` with every engine started here from now on (changes follow them). */
  onStarted(listener: (engine: Engine) => void): () => void;
}

/** The engine API over several engines, each call going to its tenant's engine. */
export function routeByTenant(engines: RoutedEngines): EngineApi {
  const byTenant = <T extends object, K extends keyof T>(
    pick: (engine: Engine) => T,
    names: readonly K[],
  ): Pick<T, K> => {
    const routed = {} as Record<K, unknown>;
    for (const name of names) {
      routed[name] = (tenantId: string, ...rest: unknown[]) => {
        const target = pick(engines.of(tenantId));
        return (target[name] as (...args: unknown[]) => unknown).call(target, tenantId, ...rest);
      };
    }
    return routed as Pick<T, K>;
  };
  return {
    ...byTenant((engine) => engine, ENGINE_COMMANDS),
    timedTriggers: byTenant((engine) => engine.timedTriggers, TIMED_TRIGGER_COMMANDS),
    durable: byTenant((engine) => engine.durable, DURABLE_COMMANDS),
    subscribeToChanges: (listener) => {
      const unsubscribes = new Set<() => void>();
      for (const engine of engines.all()) unsubscribes.add(engine.subscribeToChanges(listener));
      const stopFollowing = engines.onStarted((engine) =>
        unsubscribes.add(engine.subscribeToChanges(listener)),
      );
      return () => {
        stopFollowing();
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
    },
    // A tenant is in one shard, so the engines' maps never share a key.
    activityByTenant: () => mergeMaps([...engines.all()].map((e) => e.activityByTenant())),
    queueDepthByTenant: () => mergeMaps([...engines.all()].map((e) => e.queueDepthByTenant())),
  };
}

function mergeMaps<V>(maps: ReadonlyMap<string, V>[]): Map<string, V> {
  if (maps.length === 1) return new Map(maps[0]);
  const merged = new Map<string, V>();
  for (const map of maps) for (const [key, value] of map) merged.set(key, value);
  return merged;
}
