/**
 * An engine test's database, tenant and engines: a fresh database and tenant per test, and
 * every engine started on it closed after the test (a test restarts by starting another).
 */
import { afterEach, beforeEach } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine, type EngineOptions } from '../src/engine';
import { createTenant } from './test-worker';

export interface EngineFixture {
  readonly db: Database;
  readonly tenantId: string;
  /** A new engine on the test's database, started. */
  engine(options?: Partial<EngineOptions>): Promise<Engine>;
}

export function useEngineFixture(
  defaults: () => Partial<EngineOptions> = () => ({}),
): EngineFixture {
  let db: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let tenantId = '';
  const engines: Engine[] = [];
  beforeEach(async () => {
    ({ db, drop } = await createTestDatabase({ migrate: true }));
    tenantId = await createTenant(db);
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    await drop?.();
  });
  return {
    get db() {
      return db!;
    },
    get tenantId() {
      return tenantId;
    },
    async engine(options = {}) {
      const engine = new Engine({
        db: db!,
        onError: (message, error) => console.error(message, error),
        ...defaults(),
        ...options,
      });
      engines.push(engine);
      await engine.start();
      return engine;
    },
  };
}

/** The fixture on a controlled clock, at `start` before each test; tests move `clock.now`. */
export function useClockedEngineFixture(
  start = Date.parse('2026-11-26T12:00:00Z'),
): EngineFixture & { clock: { now: number } } {
  const clock = { now: start };
  const fx = useEngineFixture(() => ({ clock: { now: () => clock.now } }));
  beforeEach(() => {
    clock.now = start;
  });
  return {
    clock,
    get db() {
      return fx.db;
    },
    get tenantId() {
      return fx.tenantId;
    },
    engine: (options) => fx.engine(options),
  };
}
