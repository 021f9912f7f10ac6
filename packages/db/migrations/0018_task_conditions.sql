-- Task conditions in DAGs (`wait_for`, `skip_if`, `cancel_if`): a step's conditions, normalised
-- (packages/engine/src/task-conditions.ts). Once a task's parents are done its conditions are
-- evaluated; those still open are held as the task's gate, a `durable_nodes` row on branch 0
-- (node 0), so that sleeps and event waits share the durable log's storage and indexes.
ALTER TABLE workflow_steps ADD COLUMN conditions jsonb;
-- A skipped task is COMPLETED with the output {"skipped": true}, as the reference reports it;
-- this says it was skipped rather than returned that.
ALTER TABLE tasks ADD COLUMN skipped boolean NOT NULL DEFAULT false;
