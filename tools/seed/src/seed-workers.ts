/**
 * The worker fleet the seeded tasks ran on: a few workers serving every seeded action, stopped
 * now (INACTIVE), as after a deploy. Each seed run adds its own fleet.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@trellis/db';
import type { SeedRandom } from './seed-random';

const POOLS = ['default', 'default', 'media', 'billing', 'integrations', 'batch'];

export async function insertSeedWorkers(options: {
  db: Database;
  tenantId: string;
  actions: readonly string[];
  from: number;
  now: number;
  random: SeedRandom;
}): Promise<string[]> {
  const { db, tenantId, random } = options;
  const ids = POOLS.map(() => randomUUID());
  await db.query(
    `INSERT INTO workers
       (id, tenant_id, name, actions, slot_config, labels, runtime_info, status, last_heartbeat_at,
        created_at, updated_at)
     SELECT id, $1, name, $3::text[], '{"default": 100}'::jsonb, labels, $4::jsonb, 'INACTIVE', $5,
            $6, $5
       FROM unnest($2::uuid[], $7::text[], $8::jsonb[]) AS w(id, name, labels)`,
    [
      tenantId,
      ids,
      options.actions,
      JSON.stringify({
        sdk_version: '1.33.2',
        language: 'TYPESCRIPT',
        language_version: 'v20.19.0',
        os: 'linux',
      }),
      new Date(options.now).toISOString(),
      new Date(options.from).toISOString(),
      POOLS.map((pool) => `${pool}-worker-${random.hex(5)}`),
      POOLS.map((pool) => JSON.stringify({ pool, zone: random.pick(['a', 'b', 'c']) })),
    ],
  );
  return ids;
}
