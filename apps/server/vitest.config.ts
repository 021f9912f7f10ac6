import { configDefaults, defineConfig } from 'vitest/config';

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

export const serverTestOptions = {
  // Password hashing and a fresh database per file make these slower than pure unit tests.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC' },
};

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SERIAL_FILES, ...FUZZ_FILES],
    // Files share a worker's loaded modules instead of importing the server afresh each: the
    // imports were 114 s of the project's 258 s on 2 cores. Tests leave no global state behind
    // (they restore mocks and timers, and each app has its own database and registries).
    isolate: false,
    ...serverTestOptions,
  },
});
