import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import { createDurablePglite } from './pglite-durable-storage';

/**
 * A Trellis data folder holds:
 *   trellis.lock   the pid of the process that has it open (see data-dir-lock.ts)
 *   pgdata/        PostgreSQL's data directory, run by PGlite
 * PGDATA sits in a subfolder so that the lock stays out of PostgreSQL's files and a new
 * PGDATA can be renamed into place (the data folder itself may be a mount point).
 */
export async function openPgliteDataDir(
  dataDir: string,
  options: Pick<PGliteOptions, 'parsers' | 'serializers'>,
): Promise<{ pglite: PGlite; release: () => void }> {
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true });
  const release = acquireDataDirLock(root);
  try {
    const pgdata = path.join(root, 'pgdata');
    if (!fs.existsSync(pgdata)) await createPgdata(pgdata);
    return { pglite: await createDurablePglite(pgdata, options), release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite runs initdb in memory and copies the result into the folder with plain writes, which
 * PostgreSQL never flushes: a kill or a power loss during or after that copy could leave a
 * PGDATA that looks initialised but is not. So the new PGDATA is built beside its final
 * place, flushed, and renamed in: `pgdata/` is either complete and on disk, or absent.
 */
async function createPgdata(pgdata: string): Promise<void> {
  const staging = `${pgdata}.creating`;
  // Left over by a first start that was interrupted; we hold the lock, nobody else uses it.
  fs.rmSync(staging, { recursive: true, force: true });
  const pglite = await createDurablePglite(staging);
  await pglite.close();
  fsyncTree(staging);
  fs.renameSync(staging, pgdata);
  fsyncPath(path.dirname(pgdata));
}

function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  fsyncPath(dir);
}

function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
