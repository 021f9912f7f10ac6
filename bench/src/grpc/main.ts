/**
 * Server CPU per unary call, grpc-js's Server vs our transport on node:http2 (and bare
 * node:http2, the least any server built on it could pay), on a trivial echo method:
 * `npm run bench:grpc -w @trellis/bench [-- rounds]` (about a minute a round).
 *
 * Two loads, as the engine sees them: calls spaced at 900/s for 10 s (CPU per call when each
 * call is handled on its own) and 20,000 calls 100 at a time (when they batch up). Each round
 * runs every implementation once per load, alternating, so that noise from other work on the
 * machine falls on both; the report gives each round's figures and the median ratio.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../lib/child';

const rounds = Number(process.argv[2] ?? 3);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const LOADS = [
  { name: 'spaced 900/s × 10 s', args: ['spaced', '900', '10'], calls: 9_000 },
  { name: 'burst 20,000 × 100', args: ['burst', '20000', '100'], calls: 20_000 },
];
const IMPLEMENTATIONS = ['grpc-js', 'trellis', 'bare'] as const;

/** Runs a process to its end (or until `until` appears in its output); returns the output. */
function run(script: string, args: string[], until?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', here(script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const seen = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (until !== undefined && output.includes(until)) resolve();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, seen, exited, output: () => output };
}

async function measure(impl: string, load: (typeof LOADS)[number]): Promise<number> {
  const port = String((await freePorts(1))[0]);
  const server = run('echo-server.ts', [impl, port], 'ready');
  await server.seen;
  const client = run('echo-client.ts', [port, ...load.args]);
  await client.seen;
  server.child.kill('SIGTERM');
  await server.exited;
  const cpuMs = Number(/cpu-ms (\S+)/.exec(server.output())?.[1]);
  return cpuMs / load.calls;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

for (const load of LOADS) {
  const perCall: Record<string, number[]> = Object.fromEntries(
    IMPLEMENTATIONS.map((impl) => [impl, []]),
  );
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so that a slow spell on the machine does not favour one.
    for (const impl of round % 2 === 0 ? IMPLEMENTATIONS : [...IMPLEMENTATIONS].reverse()) {
      perCall[impl]!.push(await measure(impl, load));
    }
  }
  const ms = (values: number[]) => values.map((v) => v.toFixed(3)).join(' ');
  console.log(`${load.name}: server CPU ms per call, by round`);
  for (const impl of IMPLEMENTATIONS) {
    const values = perCall[impl]!;
    console.log(`  ${impl.padEnd(8)} ${ms(values)}  (median ${median(values).toFixed(3)})`);
  }
  for (const reference of ['grpc-js', 'bare'] as const) {
    const ratios = perCall['trellis']!.map((ours, i) => ours / perCall[reference]![i]!);
    const shown = ratios.map((r) => r.toFixed(2)).join(' ');
    console.log(`  trellis/${reference.padEnd(7)} ${shown}  (median ${median(ratios).toFixed(2)})`);
  }
}
