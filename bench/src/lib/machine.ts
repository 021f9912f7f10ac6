/** Machine details recorded with every result: CPU, memory, disk flush rate, versions. */
import {
  closeSync,
  fdatasyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { cpus, availableParallelism, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './child';

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  ramGiB: number;
  kernel: string;
  node: string;
  sdk: string;
  pglite: string;
  pgBoss: string;
  fdatasyncPerSecond: number;
  fdatasyncDir: string;
  loadAverageAtStart: number[];
}

function packageVersion(name: string): string {
  try {
    const text = readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8');
    return (JSON.parse(text) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Writes 4 KiB and fdatasyncs it in a loop for about `ms`; returns flushes per second. */
export function fdatasyncRate(dir: string, ms = 1000): number {
  const folder = mkdtempSync(join(dir, 'trellis-fsync-'));
  const fd = openSync(join(folder, 'probe'), 'w');
  const block = Buffer.alloc(4096, 1);
  let count = 0;
  const start = performance.now();
  try {
    while (performance.now() - start < ms) {
      writeSync(fd, block, 0, block.length, 0);
      fdatasyncSync(fd);
      count += 1;
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  return Math.round(count / ((performance.now() - start) / 1000));
}

export function machineInfo(): MachineInfo {
  const cpuinfo = (() => {
    try {
      return readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      return '';
    }
  })();
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  const load = (() => {
    try {
      return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
    } catch {
      return [];
    }
  })();
  return {
    nproc: availableParallelism(),
    cpuModel: model.trim(),
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    node: process.version,
    sdk: `@hatchet-dev/typescript-sdk@${packageVersion('@hatchet-dev/typescript-sdk')}`,
    pglite: packageVersion('@electric-sql/pglite'),
    pgBoss: packageVersion('pg-boss'),
    fdatasyncPerSecond: fdatasyncRate(tmpdir()),
    fdatasyncDir: tmpdir(),
    loadAverageAtStart: load,
  };
}
