import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe('data folder lock', () => {
  let dataDir: string;
  let lockFile: string;
  const holderOf = () => JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid as number;
  const writeLock = (content: string) => fs.writeFileSync(lockFile, content);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-lock-'));
    lockFile = path.join(dataDir, 'trellis.lock');
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('records this process while held and removes the file on release', () => {
    const release = acquireDataDirLock(dataDir);
    expect(holderOf()).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a second holder in the same process until released', () => {
    const release = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dataDir)();
  });

  it('refuses while another live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeLock(JSON.stringify({ pid: other.pid }));
      let refusal: unknown;
      try {
        acquireDataDirLock(dataDir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect(refusal).toMatchObject({ holderPid: other.pid });
      expect((refusal as Error).message).toBe(
        `The data folder ${dataDir} is already open in process ${other.pid}: the embedded ` +
          'database (PGlite) serves one process at a time. Stop that process, or give this one ' +
          'another data folder; several server processes need PostgreSQL.',
      );
      expect(holderOf()).toBe(other.pid);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock(JSON.stringify({ pid: gone }));
    const release = acquireDataDirLock(dataDir);
    expect(holderOf()).toBe(process.pid);
    release();
  });

  it('takes over a lock with its own pid that it does not hold (pid reused after a restart)', () => {
    writeLock(JSON.stringify({ pid: process.pid }));
    const release = acquireDataDirLock(dataDir);
    expect(holderOf()).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock file', () => {
    writeLock('');
    const release = acquireDataDirLock(dataDir);
    expect(holderOf()).toBe(process.pid);
    release();
  });
});
