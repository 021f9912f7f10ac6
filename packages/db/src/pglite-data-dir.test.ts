import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock';
import { openPgliteDatabase } from './pglite-database';
import { testDatabaseKind } from '../test/test-database';

const childScript = fileURLToPath(new URL('../test/fixtures/commit-and-hold.ts', import.meta.url));

// PGlite's own folder, whichever database the tier tests: it runs once, in the PGlite tier.
describe.skipIf(testDatabaseKind() === 'postgres')('PGlite on a data folder', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-pglite-')), 'data');
  });

  afterEach(() => {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  const countRows = async (table: string) => {
    const db = await openPgliteDatabase({ dataDir });
    try {
      return (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
    } finally {
      await db.close();
    }
  };

  it('keeps committed data across close and reopen', async () => {
    const db = await openPgliteDatabase({ dataDir });
    await db.exec('create table item (id int primary key)');
    await db.query('insert into item values (1), (2)');
    await db.transaction(async (tx) => {
      await tx.query('insert into item values (3)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into item values (4)');
        throw new Error('not this one');
      }),
    ).rejects.toThrow();
    await db.close();

    expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);
    expect(await countRows('item')).toBe(3);
  });

  it('refuses a second open of the same folder in this process until the first closes', async () => {
    const db = await openPgliteDatabase({ dataDir });
    await expect(openPgliteDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await db.exec('create table item (id int)');
    await db.close();
    expect(await countRows('item')).toBe(0);
  });

  it('refuses a folder open in another process, and keeps its commits after a SIGKILL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir, '20'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    try {
      const [firstOutput] = (await once(child.stdout, 'data')) as [Buffer];
      expect(firstOutput.toString()).toBe('committed\n');

      await expect(openPgliteDatabase({ dataDir })).rejects.toMatchObject({
        name: 'DataDirLockedError',
        holderPid: child.pid,
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // The lock the killed child left behind is stale and taken over; every commit is there.
    expect(await countRows('commit_log')).toBe(20);
  });
});
