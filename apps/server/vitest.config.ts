import { readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

/**
 * Files that load the machine (a thousand tasks across a server SIGKILL, three servers) or measure the gRPC
 * port's limits against the clock (flow control, accept caps): they run alone, after every
 * other file (vitest.serial.config.ts), so that no other file's load decides them.
 */
export const SERIAL_FILES = [
  'test/sdk/crash-recovery.test.ts',
  'test/sdk/failover.test.ts',
  'test/protocol/grpc-transport.test.ts',
  'test/protocol/port-attacks.test.ts',
  'test/backup-restore.test.ts',
];

/**
 * The property-based fuzzers (test/fuzz): their own project, `server-fuzz`, so that CI runs
 * them once, in the PGlite tier, rather than again on PostgreSQL (scripts/test.sh).
 */
export const FUZZ_FILES = ['test/fuzz/**/*.fuzz.test.ts'];

/**
 * The worker-protocol tests: the official SDK in real worker and client processes against a real
 * server. They are the suite's heaviest (each starts several Node processes), so CI runs them once,
 * on PostgreSQL, where transactions really run side by side (scripts/test.sh), as the project
 * `server-sdk`; the engine below them is tested on both backends by its own project. These stay
 * in `server`, on both backends: a first run end to end on the embedded database, and crons
 * across a server restart on each (the serial files, PGlite's data folder across a SIGKILL among
 * them, also run on both).
 */
const SDK_FILES_ON_BOTH_BACKENDS = [
  'test/sdk/hello-world.test.ts',
  'test/sdk/cron-processes.test.ts',
];
export const SDK_FILES = readdirSync(new URL('./test/sdk', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/sdk/${name}`)
  .filter((file) => !SDK_FILES_ON_BOTH_BACKENDS.includes(file) && !SERIAL_FILES.includes(file));

export const serverTestOptions = {
  ...sharedTestOptions,
  // Password hashing and a fresh database per file make these slower than pure unit tests.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC' },
};

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SERIAL_FILES, ...FUZZ_FILES, ...SDK_FILES],
    // Files share a worker's loaded modules instead of importing the server afresh each: the
    // imports were 114 s of the project's 258 s on 2 cores. Tests leave no global state behind
    // (they restore mocks and timers, and each app has its own database and registries).
    isolate: false,
    ...serverTestOptions,
  },
});
