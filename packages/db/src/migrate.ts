import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';
import { formatVersion, readMigrationFiles } from './migration-files';
import type { MigrationFile } from './migration-files';

export interface MigrateOptions {
  /** Default: this package's own `migrations/` folder. */
  migrationsDir?: string;
}

export interface AppliedMigration {
  version: number;
  name: string;
}

const defaultMigrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url));

/**
 * Key of the transaction-level advisory lock that every migration transaction takes first, so
 * that server processes starting together against one PostgreSQL apply each file once: the
 * others wait, then see it recorded. Any constant works as long as it never changes.
 */
const migrationLockKey = 7_414_551_001;

const createMigrationsTable = `
  create table if not exists schema_migrations (
    version int primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`;

/**
 * Applies the migration files the database has not seen, in order, each in its own transaction
 * together with its schema_migrations row: a file is applied entirely or not at all. Refuses
 * to run when the database holds a migration these files do not have (a newer Trellis migrated
 * it) or when the files disagree with what was recorded. Resolves to the migrations applied.
 */
export async function migrate(
  db: Database,
  options: MigrateOptions = {},
): Promise<AppliedMigration[]> {
  const files = readMigrationFiles(options.migrationsDir ?? defaultMigrationsDir);
  await db.transaction(async (tx) => {
    await lockMigrations(tx);
    await tx.exec(createMigrationsTable);
  });
  const recorded = await readRecorded(db);
  checkRecorded(recorded, files);

  const applied: AppliedMigration[] = [];
  for (const file of files.filter(({ version }) => !recorded.has(version))) {
    const appliedHere = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      // Another process may have applied it while this one waited for the lock.
      const recordedNow = await readRecorded(tx);
      checkRecorded(recordedNow, files);
      if (recordedNow.has(file.version)) return false;
      await applyFile(tx, file);
      return true;
    });
    if (appliedHere) applied.push({ version: file.version, name: file.name });
  }
  return applied;
}

async function lockMigrations(tx: Queryable): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(${migrationLockKey})`);
}

async function readRecorded(queryable: Queryable): Promise<Map<number, string>> {
  const { rows } = await queryable.query<{ version: number; name: string }>(
    'select version, name from schema_migrations order by version',
  );
  return new Map(rows.map(({ version, name }) => [version, name]));
}

function checkRecorded(recorded: Map<number, string>, files: MigrationFile[]): void {
  for (const [version, name] of recorded) {
    const file = files[version - 1];
    if (!file) {
      throw new Error(
        `The database has migration ${formatVersion(version)}_${name}, which this version of ` +
          'Trellis does not have: a newer version migrated it. Run that version or a later one.',
      );
    }
    if (file.name !== name) {
      throw new Error(
        `Migration ${formatVersion(version)} was applied as "${name}" but the file is now ` +
          `${file.fileName}: migrations are append-only, never renamed or renumbered.`,
      );
    }
  }
  const firstMissing = files.find(({ version }) => !recorded.has(version));
  if (firstMissing && firstMissing.version <= recorded.size) {
    throw new Error(
      `Migration ${firstMissing.fileName} is not applied but later ones are: ` +
        'it was inserted among migrations that had already run. Give it the next free number.',
    );
  }
}

async function applyFile(tx: Queryable, file: MigrationFile): Promise<void> {
  try {
    await tx.exec(file.sql);
  } catch (error) {
    throw new Error(`Migration ${file.fileName} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
    file.version,
    file.name,
  ]);
}
