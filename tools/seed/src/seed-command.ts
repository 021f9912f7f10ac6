/**
 * `npm run seed -- --tasks 1000000 [--events N] [--tenant default] [--days 30] [--random-seed 1]`
 *
 * Writes realistic run history and events into the database the server would use (DATABASE_URL, else the
 * embedded database in TRELLIS_DATA_DIR), migrating it and creating the first admin and the
 * Default tenant first if this is a fresh database. Stop the server before seeding the embedded
 * database: only one process may open it.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase, type Database } from '@trellis/db';
// The server's own reading of the environment and first-start bootstrap, so the seed writes to
// the database the server would use, prepared as the server would.
import { bootstrapAdmin } from '@trellis/server/accounts/bootstrap-admin';
import {
  findTenantById,
  findTenantBySlug,
  type TenantRow,
} from '@trellis/server/accounts/tenant.queries';
import { ConfigError, loadConfig, type Config } from '@trellis/server/config';
import { seedHistory, vacuumSeededTables } from './seed-history';
import { formatCount, formatDuration, SeedProgress } from './seed-progress';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usage = `Usage: npm run seed -- [--tasks N] [--events N] [--tenant SLUG_OR_ID] [--days D] [--random-seed S]
  --tasks        about how many tasks to write (default 100000)
  --events       how many events to write, about 45% of them triggering runs (default: as many
                 as --tasks; 0 for none)
  --tenant       the tenant's slug or id (default: default, the tenant of the first start)
  --days         how many days back the history reaches, ending now (default 30)
  --random-seed  the same seed draws the same history shape (default 1)`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string', default: '100000' },
      events: { type: 'string' },
      tenant: { type: 'string', default: 'default' },
      days: { type: 'string', default: '30' },
      'random-seed': { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const tasks = Number(values.tasks);
  const events = values.events === undefined ? tasks : Number(values.events);
  const days = Number(values.days);
  const randomSeed = Number(values['random-seed']);
  if (!Number.isInteger(tasks) || tasks < 1)
    fail(`--tasks must be a positive whole number\n${usage}`);
  if (!Number.isInteger(events) || events < 0)
    fail(`--events must be a whole number, 0 or more\n${usage}`);
  if (!(days > 0)) fail(`--days must be a positive number\n${usage}`);
  if (!Number.isInteger(randomSeed)) fail(`--random-seed must be a whole number\n${usage}`);
  return { tasks, events, days, randomSeed, tenant: values.tenant };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function findTenant(db: Database, slugOrId: string): Promise<TenantRow | undefined> {
  return UUID.test(slugOrId) ? findTenantById(db, slugOrId) : findTenantBySlug(db, slugOrId);
}

async function main(): Promise<void> {
  const options = parseOptions();
  const config = loadOrExit();
  const db = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await migrate(db);
    const admin = await bootstrapAdmin(db, config.admin);
    if (admin) {
      console.log(`Created the admin ${admin.email} and the Default tenant (a fresh database).`);
      if (admin.generatedPassword) console.log(`  password: ${admin.password}   (shown once)`);
    }
    const tenant = await findTenant(db, options.tenant);
    if (!tenant) fail(`No tenant "${options.tenant}": give --tenant an existing slug or id.`);
    const where =
      db.kind === 'postgres' ? 'PostgreSQL' : `embedded (${join(config.dataDir, 'pgdata')})`;
    console.log(
      `Seeding about ${formatCount(options.tasks)} tasks and ${formatCount(options.events)} events over ${options.days} days into tenant "${tenant.name}" (${tenant.id}), database: ${where}`,
    );
    const progress = new SeedProgress({ tasks: options.tasks, events: options.events });
    const result = await seedHistory(db, {
      tenantId: tenant.id,
      tasks: options.tasks,
      events: options.events,
      spanMs: options.days * DAY_MS,
      randomSeed: options.randomSeed,
      onProgress: (written) => progress.update(written),
    });
    progress.finish();
    const vacuumStarted = Date.now();
    await vacuumSeededTables(db);
    const vacuumSeconds = (Date.now() - vacuumStarted) / 1000;
    const rows =
      result.runs +
      result.tasks +
      result.taskEvents +
      result.logs +
      result.queued +
      result.running +
      result.events;
    const share = (n: number) => `${Math.round((n / result.events) * 100)}%`;
    console.log(
      [
        `Wrote ${formatCount(result.tasks)} tasks in ${formatCount(result.runs)} runs of ${result.workflows} workflows (${result.versions} versions) on ${result.workers} workers,`,
        `  ${formatCount(result.taskEvents)} task events and ${formatCount(result.logs)} log lines; ${result.queued} tasks left queued and ${result.running} running.`,
        ...(result.events > 0
          ? [
              `  ${formatCount(result.events)} events: ${formatCount(result.triggeringEvents)} (${share(result.triggeringEvents)}) triggered ${formatCount(result.eventRuns)} of the runs; ${formatCount(result.celFailures)} (${share(result.celFailures)}) with filter failures.`,
            ]
          : []),
        `  ${formatCount(rows)} rows in ${formatDuration(result.seconds)} (${result.seconds.toFixed(1)} s): ${formatCount(Math.round(rows / result.seconds))} rows/s, ${formatCount(Math.round(result.tasks / result.seconds))} tasks/s.`,
        `  VACUUM (ANALYZE) of the seeded tables: ${vacuumSeconds.toFixed(1)} s.`,
      ].join('\n'),
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
