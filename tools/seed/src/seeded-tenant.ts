/**
 * Test support: the HTTP app on a fresh database with one tenant seeded once for the test file
 * (before its tests; closed after them).
 */
import { afterAll, beforeAll } from 'vitest';
import { registerOwner, startTestApp, type TestApp } from '@trellis/server/testing';
import { seedHistory, type SeedOptions, type SeedResult } from './seed-history';

export const HOUR_MS = 60 * 60 * 1000;
/** A fixed "now" keeps the drawn history identical from run to run (times of day shape it). */
export const NOW = Date.parse('2026-10-15T14:30:00.000Z');

export interface SeededTenant {
  t: TestApp;
  owner: Awaited<ReturnType<typeof registerOwner>>;
  result: SeedResult;
}

/** Filled in before the file's tests run. */
export function useSeededTenant(options: Omit<SeedOptions, 'tenantId'>): SeededTenant {
  const seeded = {} as SeededTenant;
  beforeAll(async () => {
    seeded.t = await startTestApp();
    seeded.owner = await registerOwner(seeded.t.app);
    seeded.result = await seedHistory(seeded.t.db, { ...options, tenantId: seeded.owner.tenantId });
  });
  afterAll(async () => {
    await seeded.t?.close();
  });
  return seeded;
}
