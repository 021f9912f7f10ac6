-- Who runs the engine on this database (packages/engine/src/lease.ts). One row per lease; the
-- holder renews `expires_at` while it lives, and anyone may take a lease whose time ran out.
-- `generation` grows with every change of holder: the engine's ticks check it inside their
-- transactions, so a process that lost its lease (paused, cut off) cannot commit as if it held it.
CREATE TABLE engine_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  generation bigint NOT NULL,
  acquired_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
