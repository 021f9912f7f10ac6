-- A durable task's event log: one node per durable call (a wait, a memo), numbered in call
-- order within a branch. `visited_by` is the last invocation that reached the node, so a
-- replaying invocation finds where it is after a restart; `satisfied_seq` orders the nodes'
-- completions as they happened, which a replay delivers again in that order.
CREATE TABLE durable_nodes (
  task_id bigint NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  branch_id bigint NOT NULL,
  node_id bigint NOT NULL,
  kind text NOT NULL,
  invocation_count integer NOT NULL,
  visited_by integer NOT NULL,
  label text,
  conditions jsonb,
  met jsonb NOT NULL DEFAULT '{}',
  memo_key bytea,
  due_at timestamptz,
  satisfied_seq integer,
  satisfied_at timestamptz,
  result jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (task_id, branch_id, node_id)
);
-- Sleeps are held here, not by timers: the engine reads the ones falling due soon.
CREATE INDEX durable_nodes_due_idx ON durable_nodes (due_at)
  WHERE satisfied_at IS NULL AND due_at IS NOT NULL;
-- Open waits, read back on start (their event conditions are matched in memory).
CREATE INDEX durable_nodes_open_idx ON durable_nodes (tenant_id)
  WHERE satisfied_at IS NULL AND kind = 'WAIT_FOR';
