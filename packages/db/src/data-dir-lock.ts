import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not stop a second process from opening the same data folder, and two processes
 * writing one folder lose each other's commits without any error. This lock file, holding the
 * pid of the process that has the folder open, makes the second one fail at start instead.
 * It protects processes on one machine (one pid namespace); a folder shared over a network
 * file system between machines is not protected.
 */

const lockFileName = 'trellis.lock';

/** Lock files this process holds; tells "open twice in this process" from "our pid recycled". */
const heldByThisProcess = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is already open in process ${holderPid}: the embedded ` +
        'database (PGlite) serves one process at a time. Stop that process, or give this one ' +
        'another data folder; several server processes need PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock on `dataDir` (an existing folder) or throws; returns its release. */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, lockFileName);
  if (heldByThisProcess.has(lockPath)) {
    throw new DataDirLockedError(dataDir, process.pid);
  }
  const claim = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`;
  // A few rounds cover a stale lock being cleared, or a rival appearing, between our steps.
  for (let round = 0; round < 3; round += 1) {
    if (createExclusively(lockPath, claim)) {
      heldByThisProcess.add(lockPath);
      return () => release(lockPath, claim);
    }
    const existing = readIfPresent(lockPath);
    if (existing === undefined) continue;
    const holderPid = parseHolderPid(existing);
    // Our own pid in a lock we do not hold is a previous process's (PID 1 in a container).
    if (holderPid !== undefined && holderPid !== process.pid && isRunning(holderPid)) {
      throw new DataDirLockedError(dataDir, holderPid);
    }
    removeStaleLock(lockPath, existing);
  }
  throw new Error(`Could not take ${lockPath}: another process keeps changing it.`);
}

/** Writes the whole claim aside, then links it into place: never a half-written lock file. */
function createExclusively(lockPath: string, claim: string): boolean {
  const draft = `${lockPath}.${process.pid}.draft`;
  fs.writeFileSync(draft, claim);
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Moves the stale lock out of the way atomically, then checks it moved the file it judged: if a
 * live process replaced it meanwhile, that process's lock is put back.
 */
function removeStaleLock(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleContent) fs.linkSync(aside, lockPath);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function release(lockPath: string, claim: string): void {
  heldByThisProcess.delete(lockPath);
  if (readIfPresent(lockPath) === claim) fs.rmSync(lockPath, { force: true });
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function parseHolderPid(content: string): number | undefined {
  try {
    const { pid } = JSON.parse(content) as { pid?: unknown };
    return Number.isInteger(pid) ? (pid as number) : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
