/**
 * The kinds of operation the engine writes per tick, in the order their phases run in the
 * tick's transaction. Adding a kind: write its module (tick/system.ts says what it owns) and
 * add one line here; the facade (engine.ts) calls its `request`.
 *
 * Why this order: pushed events and the fires of crons and scheduled runs first (they hand the
 * runs they start to the trigger phase, in the same transaction); durable calls next (an event stored in the tick meets the waits it satisfies, and the runs a durable task spawns go to the trigger phase, in the same transaction); task gates after them (an event meets gates as it meets waits; a decided gate's run is progressed below); triggers next (their runs exist for anything after); starts before results
 * (a start and result of one attempt in the same tick are written once, by the result); what
 * ends attempts (results, timeouts, reassignments, schedule timeouts, cancels, replays) before
 * run progress, which works out the runs they touched; history after, and the subscribers'
 * run checks last, so that they read the runs as this tick leaves them.
 */
import type { Queryable } from '@trellis/db';
import type { EventRoutes } from '../event-routes';
import type { Scheduler } from '../scheduler';
import type { System } from '../tick/system';
import type { VersionCache } from '../version-cache';
import type { VersionFacts } from '../version-facts';
import type { WorkerRegistry } from '../worker-registry';
import { CancelSystem } from './cancel';
import { DurableSystem, type DurableSystemDeps } from './durable';
import { GateSystem } from './gates';
import { LogSystem } from './log';
import { PushedEventSystem } from './pushed-event';
import { ReassignmentSystem } from './reassignment';
import { ReplaySystem } from './replay';
import { ResultSystem } from './result';
import { RunCheckSystem } from './run-check';
import { RunProgressSystem } from './run-progress';
import { ScheduleTimeoutSystem } from './schedule-timeout';
import { StartSystem } from './start';
import { StreamEventSystem } from './stream-event';
import { TimedFireSystem } from './timed-fire';
import { TimeoutSystem } from './timeout';
import { TriggerSystem } from './trigger';
import { WorkerStateSystem } from './worker-state';

/** What the systems use of the engine: its database, memory and settings. */
export interface SystemResources {
  db: Queryable;
  scheduler: Scheduler;
  workers: WorkerRegistry;
  versions: VersionCache;
  routes: EventRoutes;
  facts: VersionFacts;
  maxPayloadBytes: number;
  /** What durable calls keep in memory, and where their completions go. */
  durable: Omit<DurableSystemDeps, 'db' | 'wake' | 'trigger' | 'gates'>;
  isClosing(): boolean;
  /** Asks for a tick: every system calls it when it buffers something. */
  wake(): void;
}

export function createSystems(r: SystemResources) {
  const result = new ResultSystem(r.wake, r.facts, r.maxPayloadBytes);
  const { events, sleeps } = r.durable;
  const trigger = new TriggerSystem({ ...r, gateIndexes: { events, sleeps } });
  const gates = new GateSystem({ events, sleeps, wake: r.wake });
  const durable = new DurableSystem({ ...r.durable, trigger, gates, db: r.db, wake: r.wake });
  return {
    pushedEvent: new PushedEventSystem({ ...r, trigger, durable }),
    timedFire: new TimedFireSystem({ ...r, trigger }),
    durable,
    gates,
    trigger,
    start: new StartSystem(r.wake, result),
    result,
    timeout: new TimeoutSystem(r.wake),
    reassignment: new ReassignmentSystem(r.wake),
    scheduleTimeout: new ScheduleTimeoutSystem(r.wake),
    cancel: new CancelSystem(r.wake),
    replay: new ReplaySystem(r.wake),
    runProgress: new RunProgressSystem({ facts: r.facts, events, sleeps }),
    log: new LogSystem(r.wake),
    streamEvent: new StreamEventSystem(r.wake),
    workerState: new WorkerStateSystem(r.wake),
    runCheck: new RunCheckSystem(r.wake),
  } satisfies Record<string, System>;
}

export type Systems = ReturnType<typeof createSystems>;
