-- Runs a durable task spawned (`trigger_runs`): one node per child, completed with the child's
-- result when it finishes; a failed child completes its node as a failure.
ALTER TABLE durable_nodes ADD COLUMN child_run_id uuid;
ALTER TABLE durable_nodes ADD COLUMN child_is_dag boolean NOT NULL DEFAULT false;
ALTER TABLE durable_nodes ADD COLUMN failure text;
CREATE INDEX durable_nodes_open_children_idx ON durable_nodes (child_run_id)
  WHERE satisfied_at IS NULL AND child_run_id IS NOT NULL;
