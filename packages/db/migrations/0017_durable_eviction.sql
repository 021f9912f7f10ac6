-- Eviction of durable tasks: an evicted task has no running attempt while it waits (its slot is
-- free, its execution timeout stopped); it is queued again, as its next invocation, when what
-- it waits for completes or when someone restores it. Evictions are not reassignments: they
-- do not count against the limit of those.
ALTER TABLE tasks ADD COLUMN evicted_at timestamptz;
ALTER TABLE tasks ADD COLUMN eviction_count integer NOT NULL DEFAULT 0;
