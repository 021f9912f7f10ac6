/**
 * Seeds a tenant with realistic history: registers the catalog's workflows, a worker fleet,
 * plans the runs over the period, then generates and writes them chunk by chunk, oldest first.
 */
import type { Database } from '@trellis/db';
import { Engine } from '@trellis/engine';
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
  /** The history covers this period, ending now. */
  spanMs: number;
  /** "Now": work still in flight at this instant stays queued or running. Default: Date.now(). */
  now?: number;
  /** Same seed, same mix of workflows, outcomes and timings. Default 1. */
  randomSeed?: number;
  /** Tasks generated and written per transaction. */
  chunkTasks?: number;
  onProgress?: (tasksWritten: number, plannedTasks: number) => void;
}

export interface SeedResult extends RowCounts {
  workflows: number;
  versions: number;
  workers: number;
  seconds: number;
}

const DEFAULT_CHUNK_TASKS = 4000;

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
  const generator = new HistoryGenerator({ workflows, workerIds, now, random });
  const { plans, plannedTasks } = planRuns({
    workflows,
    generator,
    tasks: options.tasks,
    from,
    to: now,
    random,
  });

  const totals: RowCounts = { runs: 0, tasks: 0, events: 0, logs: 0, queued: 0, running: 0 };
  // PostgreSQL writes one chunk while the next is generated; PGlite runs in this thread anyway.
  const maxInFlight = db.kind === 'postgres' ? 2 : 1;
  const inFlight = new Set<Promise<void>>();
  for (const batch of chunks(plans, generator, options.chunkTasks ?? DEFAULT_CHUNK_TASKS)) {
    const chunk = generator.generate(batch);
    const write: Promise<void> = writeChunk(db, options.tenantId, chunk).then((counts) => {
      inFlight.delete(write);
      for (const key of Object.keys(totals) as (keyof RowCounts)[]) totals[key] += counts[key];
      options.onProgress?.(totals.tasks, plannedTasks);
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

/** Consecutive plans grouped into chunks of about `size` planned tasks. */
function* chunks(
  plans: readonly RunPlan[],
  generator: HistoryGenerator,
  size: number,
): Generator<RunPlan[]> {
  let batch: RunPlan[] = [];
  let tasks = 0;
  for (const plan of plans) {
    batch.push(plan);
    tasks += generator.plannedTasks(plan);
    if (tasks >= size) {
      yield batch;
      batch = [];
      tasks = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * What autovacuum does to freshly filled tables soon after (PGlite has no autovacuum, and a
 * server may have it off): planner statistics, and the visibility map that lets the lists'
 * index-only scans skip the table.
 */
export async function vacuumSeededTables(db: Database): Promise<void> {
  await db.exec(
    'VACUUM (ANALYZE) workflows, workflow_versions, workflow_steps, workflow_runs, tasks, task_events, task_logs, task_queue, task_runtimes, workers',
  );
}
