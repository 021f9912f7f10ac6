import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  /** A PostgreSQL server (DATABASE_URL). When given, it wins over `dataDir`. */
  databaseUrl?: string;
  /** PGlite's data folder, used when there is no `databaseUrl`. */
  dataDir?: string;
  /** PGlite in memory: nothing survives close (tests, demos). */
  inMemory?: boolean;
  /** PostgreSQL only: connections in the pool. Default 10. */
  poolSize?: number;
}

/** PostgreSQL when a URL is given, else PGlite on `dataDir`, else PGlite in memory if asked. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    if (options.inMemory) {
      throw new Error('openDatabase: give either a databaseUrl or inMemory, not both.');
    }
    return openPostgresDatabase({
      connectionString: options.databaseUrl,
      poolSize: options.poolSize,
    });
  }
  if (options.inMemory) {
    if (options.dataDir !== undefined) {
      throw new Error('openDatabase: give either a dataDir or inMemory, not both.');
    }
    return openPgliteDatabase();
  }
  if (options.dataDir !== undefined) return openPgliteDatabase({ dataDir: options.dataDir });
  throw new Error('openDatabase: give a databaseUrl, a dataDir, or inMemory: true.');
}
