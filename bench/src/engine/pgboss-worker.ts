/**
 * The comparison's worker: pg-boss draining the no-op queue. Env: DATABASE_URL, QUEUE,
 * EXPECTED (jobs to wait for), BATCH_SIZE, CONCURRENCY (work() loops), POLL_SECONDS.
 * Prints "WORKER READY"; once EXPECTED jobs ran and none is left unfinished in the queue,
 * prints `DRAINED {"drainedAt":…, "startLatencyMs":{…}, …}`.
 */
import PgBoss from 'pg-boss';
import { nowMs, summarize } from '../lib/stats';

const queue = process.env['QUEUE'] ?? 'bench-noop';
const expected = Number(process.env['EXPECTED'] ?? 10_000);
const batchSize = Number(process.env['BATCH_SIZE'] ?? 500);
const concurrency = Number(process.env['CONCURRENCY'] ?? 4);
const pollingIntervalSeconds = Number(process.env['POLL_SECONDS'] ?? 0.5);

async function main(): Promise<void> {
  const boss = new PgBoss({
    connectionString: process.env['DATABASE_URL']!,
    max: concurrency + 2,
    schedule: false,
  });
  boss.on('error', (error) => console.error('pg-boss error:', error.message));
  await boss.start();
  await boss.createQueue(queue);

  let executed = 0;
  let firstStart = NaN;
  let lastRun = NaN;
  const startLatency: number[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (let i = 0; i < concurrency; i++) {
    await boss.work<{ id: string; triggeredAt: number }>(
      queue,
      { batchSize, pollingIntervalSeconds },
      async (jobs) => {
        const now = nowMs();
        if (Number.isNaN(firstStart)) firstStart = now;
        for (const job of jobs) {
          executed += 1;
          if (seen.has(job.data.id)) duplicates += 1;
          else seen.add(job.data.id);
          startLatency.push(now - job.data.triggeredAt);
        }
        lastRun = nowMs();
      },
    );
  }
  console.log('WORKER READY');

  // Wait for the expected count, then for pg-boss to have recorded every completion.
  const deadline = Date.now() + Number(process.env['TIMEOUT_MS'] ?? 300_000);
  while (executed < expected && Date.now() < deadline) await sleep(5);
  let unfinished = -1;
  while (Date.now() < deadline) {
    unfinished = await boss.getQueueSize(queue, { before: 'completed' });
    if (unfinished === 0) break;
    await sleep(5);
  }
  const drainedAt = nowMs();
  console.log(
    `DRAINED ${JSON.stringify({
      drainedAt,
      firstStart,
      lastRun,
      executed,
      duplicates,
      unfinished,
      startLatencyMs: summarize(startLatency),
    })}`,
  );
  await boss.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => {});
  process.exit(0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

main().catch((error: unknown) => {
  console.error('pg-boss worker failed:', error);
  process.exit(1);
});
