/**
 * CPU time of processes from /proc (Linux only): utime + stime of /proc/<pid>/stat, in
 * milliseconds. Threads are included (the kernel sums them into the process line).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** Clock ticks per second (`getconf CLK_TCK`, 100 on Linux nearly always). */
export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  pid: number;
  comm: string;
  cpuMs: number;
}

/** utime+stime of one process, or undefined when it is gone. */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // comm is in parentheses and may contain spaces: split after the last ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const comm = text.slice(open + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is state (field 3); utime is field 14, stime field 15 => indices 11 and 12.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { pid, comm, cpuMs: ((utime + stime) * 1000) / clockTicks() };
}

/** CPU milliseconds of one process (0 when it is gone). */
export function processCpuMs(pid: number): number {
  return readProcStat(pid)?.cpuMs ?? 0;
}

/** PostgreSQL's own processes, which serve every database of the cluster. */
const SHARED_POSTGRES_PROCESS =
  /^postgres: (\S+: )?(walwriter|checkpointer|background writer|autovacuum launcher|logical replication launcher|archiver|stats collector)/;

/**
 * Per-pid CPU milliseconds of the PostgreSQL processes that work for `database`: its backends
 * and autovacuum workers, the postmaster and the shared background processes (WAL writer,
 * checkpointer, ...). Backends of other databases are left out, so tests running on the same
 * cluster do not count; the shared processes still carry a little of their work.
 */
export function postgresCpu(database: string): Map<number, number> {
  const result = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (!stat || stat.comm !== 'postgres') continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    const ours =
      !cmdline.startsWith('postgres: ') ||
      SHARED_POSTGRES_PROCESS.test(cmdline) ||
      cmdline.split(' ').includes(database);
    if (ours) result.set(stat.pid, stat.cpuMs);
  }
  return result;
}

/**
 * CPU spent between two per-pid snapshots: processes present in both count their difference,
 * processes born in between count whole; processes that died in between are lost (noted in
 * the README).
 */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function sumValues(map: Map<number, number>): number {
  let total = 0;
  for (const value of map.values()) total += value;
  return total;
}

/**
 * CPU milliseconds of the whole machine (all CPUs, /proc/stat): `busy` is what its processes
 * and the kernel ran (idle, iowait and steal excluded); `steal` is time the hypervisor gave
 * our virtual CPUs to someone else while they had work, which slows every process here and
 * is the usual reason one run's latencies differ from another's on the same code.
 */
export function machineCpuMs(): { busy: number; steal: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest is already in user)
    const busy = f[0]! + f[1]! + f[2]! + f[5]! + f[6]!;
    return { busy: (busy * 1000) / clockTicks(), steal: (f[7]! * 1000) / clockTicks() };
  } catch {
    return { busy: 0, steal: 0 };
  }
}

export function loadAverage(): number[] {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of a process, in MiB (0 when it is gone). */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
