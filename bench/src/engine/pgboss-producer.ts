/**
 * The comparison's producer: inserts COUNT no-op jobs with pg-boss's bulk `insert`, BATCH at a
 * time, each stamped with the time of its batch. Env: DATABASE_URL, QUEUE, COUNT, BATCH.
 * Prints "PRODUCER READY", waits for "GO" on stdin, then prints
 * `INSERTED {"startedAt":…, "insertedAt":…}` and exits.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import PgBoss from 'pg-boss';
import { nowMs } from '../lib/stats';

const queue = process.env['QUEUE'] ?? 'bench-noop';
const count = Number(process.env['COUNT'] ?? 10_000);
const batch = Number(process.env['BATCH'] ?? 500);

async function main(): Promise<void> {
  const boss = new PgBoss({
    connectionString: process.env['DATABASE_URL']!,
    max: 2,
    schedule: false,
    supervise: false,
    migrate: false,
  });
  boss.on('error', (error) => console.error('pg-boss error:', error.message));
  await boss.start();
  const go = new Promise<void>((resolve) =>
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (line.trim() === 'GO') resolve();
    }),
  );
  console.log('PRODUCER READY');
  await go;
  const startedAt = nowMs();
  for (let i = 0; i < count; i += batch) {
    const at = nowMs();
    const jobs = Array.from({ length: Math.min(batch, count - i) }, () => ({
      name: queue,
      data: { id: randomUUID(), triggeredAt: at },
    }));
    await boss.insert(jobs);
  }
  const insertedAt = nowMs();
  console.log(`INSERTED ${JSON.stringify({ startedAt, insertedAt, count, batch })}`);
  await boss.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => {});
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('pg-boss producer failed:', error);
  process.exit(1);
});
