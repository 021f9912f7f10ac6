/**
 * Starts the real SDK processes of e2e/fixtures (sdk-worker.ts unless another fixture is
 * named) against the test server and stops them again. Each process gets an API token of the
 * test's tenant.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const fixturePath = (name: string) =>
  fileURLToPath(new URL(`../fixtures/${name}.ts`, import.meta.url));
const TSX = fileURLToPath(
  new URL('../../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url),
);

export interface SdkOptions {
  baseUrl: string;
  grpcAddress: string;
  token: string;
  /** Prefix of the workflow names. */
  prefix: string;
  workerName?: string;
  /** The fixture in e2e/fixtures to run; `sdk-worker` unless named. */
  fixture?:
    'sdk-worker' | 'runs-worker' | 'flow-control-worker' | 'conditions-worker' | 'export-worker';
}

export class SdkProcess {
  readonly lines: string[] = [];
  private readonly child: ChildProcess;

  constructor(args: string[], options: SdkOptions) {
    const fixture = fixturePath(options.fixture ?? 'sdk-worker');
    this.child = spawn(process.execPath, ['--import', TSX, fixture, ...args], {
      env: {
        ...process.env,
        HATCHET_CLIENT_TOKEN: options.token,
        HATCHET_CLIENT_HOST_PORT: options.grpcAddress,
        HATCHET_CLIENT_API_URL: options.baseUrl,
        HATCHET_CLIENT_TLS_STRATEGY: 'none',
        HATCHET_CLIENT_LOG_LEVEL: 'WARN',
        E2E_PREFIX: options.prefix,
        WORKER_NAME: options.workerName ?? `${options.prefix}-worker`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    const onData = (data: Buffer) => {
      buffer += data.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      this.lines.push(...parts);
      if (process.env['E2E_SDK_VERBOSE']) for (const line of parts) console.log(`[sdk] ${line}`);
    };
    this.child.stdout?.on('data', onData);
    this.child.stderr?.on('data', onData);
  }

  /** Waits for a line starting with `prefix` and returns the rest of it. */
  async waitForLine(prefix: string, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const line = this.lines.find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) return line.slice(prefix.length).trim();
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `SDK process did not print "${prefix}" (exit ${this.child.exitCode}):\n${this.lines.slice(-40).join('\n')}`,
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/** A worker serving the fixture's workflows, once it is registered and listening. */
export async function startWorker(options: SdkOptions): Promise<SdkProcess> {
  const worker = new SdkProcess(['worker'], options);
  try {
    await worker.waitForLine('WORKER READY', 90_000);
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}

/** Runs the fixture once with `args` (a mode and its input); returns what it printed after `prefix`. */
export async function runFixture(
  options: SdkOptions,
  args: string[],
  prefix = 'RESULT',
): Promise<string> {
  const client = new SdkProcess(args, options);
  try {
    return await client.waitForLine(prefix, 90_000);
  } finally {
    await client.stop();
  }
}

/** Runs one of the fixture's workflows to the end through the SDK client; returns its output. */
export async function runWorkflow(
  options: SdkOptions,
  name: 'greet' | 'pipeline',
  input: unknown = {},
): Promise<unknown> {
  return JSON.parse(await runFixture(options, ['run', name, JSON.stringify(input)])) as unknown;
}
