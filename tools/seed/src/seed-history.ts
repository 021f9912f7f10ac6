/**
 * Seeds a tenant with realistic history: registers the catalog's workflows, a worker fleet,
 * plans the runs and the events over the period, then generates and writes them chunk by
 * chunk, oldest first.
 */
import type { Database } from '@trellis/db';
import { Engine } from '@trellis/engine';
import { EventGenerator } from './event-generator';
import { planEvents } from './event-plan';
import { HistoryGenerator, type RunPlan } from './history-generator';
import { writeChunk, type RowCounts } from './history-writer';
import { registerSeedWorkflows } from './register-seed-workflows';
import { planRuns } from './run-plan';
import { SeedRandom } from './seed-random';
import { insertSeedWorkers } from './seed-workers';

export interface SeedOptions {
  tenantId: string;
  /** About how many tasks to write (runs are whole, so a few more may come). */
  tasks: number;
  /**
   * How many events to write (default none). About 45% of them trigger runs of the history, as
   * far as its runs allow; the runs stay the ones planned without events.
   */
  events?: number;
  /** The history covers this period, ending now. */
  spanMs: number;
  /** "Now": work still in flight at this instant stays queued or running. Default: Date.now(). */
  now?: number;
  /** Same seed, same mix of workflows, outcomes and timings. Default 1. */
  randomSeed?: number;
  /** Tasks and events generated and written per transaction. */
  chunkTasks?: number;
  onProgress?: (written: { tasks: number; events: number }) => void;
}

export interface SeedResult extends RowCounts {
  workflows: number;
  versions: number;
  workers: number;
  seconds: number;
}

const DEFAULT_CHUNK_TASKS = 4000;
/** Events draw from their own stream, so that they leave the history's draws as they are. */
const EVENT_STREAM = 0x5eed_e7e7;

export async function seedHistory(db: Database, options: SeedOptions): Promise<SeedResult> {
  const startedAt = Date.now();
  const now = options.now ?? Date.now();
  const from = now - options.spanMs;
  const random = new SeedRandom(options.randomSeed ?? 1);
  const workflows = await registerSeedWorkflows({
    db,
    engine: new Engine({ db }),
    tenantId: options.tenantId,
    from,
    to: now,
  });
  const actions = [
    ...new Set(
      workflows
        .flatMap((w) =>
          w.versions.flatMap((v) => [...v.steps, ...(v.onFailure ? [v.onFailure] : [])]),
        )
        .map((s) => s.actionId),
    ),
  ];
  const workerIds = await insertSeedWorkers({
    db,
    tenantId: options.tenantId,
    actions,
    from,
    now,
    random,
  });
  const eventRandom = new SeedRandom((options.randomSeed ?? 1) ^ EVENT_STREAM);
  const generator = new HistoryGenerator({
    workflows,
    workerIds,
    now,
    random,
    events: new EventGenerator({ workflows, random: eventRandom }),
  });
  const { plans } = planRuns({
    workflows,
    generator,
    tasks: options.tasks,
    from,
    to: now,
    random,
  });
  const { idleTimes } = planEvents({
    plans,
    workflows,
    events: options.events ?? 0,
    from,
    to: now,
    random: eventRandom,
  });

  const totals: RowCounts = {
    runs: 0,
    tasks: 0,
    taskEvents: 0,
    logs: 0,
    queued: 0,
    running: 0,
    events: 0,
    triggeringEvents: 0,
    eventRuns: 0,
    celFailures: 0,
  };
  // PostgreSQL writes one chunk while the next is generated; PGlite runs in this thread anyway.
  const maxInFlight = db.kind === 'postgres' ? 2 : 1;
  const inFlight = new Set<Promise<void>>();
  const size = options.chunkTasks ?? DEFAULT_CHUNK_TASKS;
  for (const batch of chunks(plans, idleTimes, generator, size)) {
    const chunk = generator.generate(batch.plans, batch.idleTimes);
    const write: Promise<void> = writeChunk(db, options.tenantId, chunk).then((counts) => {
      inFlight.delete(write);
      for (const key of Object.keys(totals) as (keyof RowCounts)[]) totals[key] += counts[key];
      options.onProgress?.({ tasks: totals.tasks, events: totals.events });
    });
    inFlight.add(write);
    if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return {
    ...totals,
    workflows: workflows.length,
    versions: workflows.reduce((sum, w) => sum + w.versions.length, 0),
    workers: workerIds.length,
    seconds: (Date.now() - startedAt) / 1000,
  };
}

/**
 * Consecutive plans, and the events that trigger nothing created up to the last of them,
 * grouped into chunks of about `size` planned tasks and such events.
 */
function* chunks(
  plans: readonly RunPlan[],
  idleTimes: Float64Array,
  generator: HistoryGenerator,
  size: number,
): Generator<{ plans: RunPlan[]; idleTimes: Float64Array }> {
  let batch: RunPlan[] = [];
  let start = 0;
  let end = 0;
  let units = 0;
  const take = () => {
    const chunk = { plans: batch, idleTimes: idleTimes.subarray(start, end) };
    batch = [];
    start = end;
    units = 0;
    return chunk;
  };
  for (const plan of plans) {
    while (end < idleTimes.length && idleTimes[end]! <= plan.createdAt) {
      end += 1;
      if (++units >= size) yield take();
    }
    batch.push(plan);
    units += generator.plannedTasks(plan);
    if (units >= size) yield take();
  }
  while (end < idleTimes.length) {
    end += 1;
    if (++units >= size) yield take();
  }
  if (batch.length > 0 || end > start) yield take();
}

/**
 * What autovacuum does to freshly filled tables soon after (PGlite has no autovacuum, and a
 * server may have it off): planner statistics, and the visibility map that lets the lists'
 * index-only scans skip the table.
 */
export async function vacuumSeededTables(db: Database): Promise<void> {
  await db.exec(
    'VACUUM (ANALYZE) workflows, workflow_versions, workflow_steps, workflow_runs, tasks, task_events, task_logs, task_queue, task_runtimes, workers, events, event_filters',
  );
}
