/**
 * Child processes with their output collected line by line, a registry that kills every one
 * of them at the end (also on errors and signals), and helpers to wait for a line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url));

const live = new Set<Child>();

export class Child {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private waiters: (() => void)[] = [];
  private lineListeners: ((line: string) => void)[] = [];

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
    private readonly echo: (line: string) => boolean,
  ) {
    live.add(this);
    const buffers = ['', ''];
    const onData = (index: number) => (data: Buffer) => {
      buffers[index] += data.toString();
      const parts = buffers[index]!.split('\n');
      buffers[index] = parts.pop()!;
      for (const line of parts) {
        this.lines.push(line);
        if (this.lines.length > 5000) this.lines.splice(0, 1000);
        if (this.echo(line)) console.log(`  [${this.name}] ${line}`);
        for (const listen of this.lineListeners) listen(line);
      }
      for (const wake of this.waiters.splice(0)) wake();
    };
    process.stdout?.on('data', onData(0));
    process.stderr?.on('data', onData(1));
    this.exited = new Promise((resolve) => {
      process.on('exit', (code, signal) => {
        live.delete(this);
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code ?? (signal ? -1 : null));
      });
      process.on('error', () => {
        live.delete(this);
        resolve(-1);
      });
    });
  }

  get pid(): number {
    return this.process.pid ?? -1;
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  onLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }

  send(line: string): void {
    if (this.running) this.process.stdin?.write(`${line}\n`);
  }

  /** Waits for a line matching `test`; returns it. Throws on exit or timeout. */
  async waitForLine(test: (line: string) => boolean, timeoutMs: number, from = 0): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.slice(from).find(test);
      if (line !== undefined) return line;
      if (!this.running) {
        throw new Error(
          `${this.name} exited (${this.process.exitCode}) before the expected line; last output:\n${this.tail()}`,
        );
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${this.name}: no expected line within ${timeoutMs} ms; last output:\n${this.tail()}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }

  tail(n = 30): string {
    return this.lines.slice(-n).join('\n');
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.running) this.process.kill('SIGKILL');
  }
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Which output lines to print (prefixed with the name). Default: none. */
  echo?: (line: string) => boolean;
  /** Extra node options placed before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

/** Starts `node --import tsx <script> ...args` as its own process. */
export function spawnTs(
  name: string,
  script: string,
  args: string[],
  options: SpawnOptions = {},
): Child {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', TSX, script, ...args],
    {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return new Child(name, child, options.echo ?? (() => false));
}

/** Kills every child still running (SIGTERM, then SIGKILL), waiting at most a few seconds. */
export async function stopAll(graceMs = 5000): Promise<void> {
  await Promise.all([...live].map((child) => child.stop(graceMs)));
}

/** Synchronous last resort at process exit. */
export function killAllNow(): void {
  for (const child of live) child.kill();
}

/**
 * `count` distinct free ports on loopback. Every probe stays bound until all have their port:
 * probing one port at a time could hand out the same port twice (it was free again each time).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      probes.map(
        (probe) =>
          new Promise<number>((resolve, reject) => {
            probe.on('error', reject);
            probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
          }),
      ),
    );
  } finally {
    await Promise.all(
      probes.map(
        (probe) =>
          new Promise<void>((resolve) =>
            probe.listening ? probe.close(() => resolve()) : resolve(),
          ),
      ),
    );
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` with a message naming what timed out. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
