-- Flow control. A task's own concurrency limits live on its step (the workflow's, in the
-- version's definition); the claims a task makes on both, with the keys and maximums worked
-- out for its run when it was triggered, live on the task. The scheduler keeps who holds
-- each key in memory and rebuilds it on start from the queue and the running set.
ALTER TABLE workflow_steps ADD COLUMN concurrency jsonb NOT NULL DEFAULT '[]';
ALTER TABLE tasks ADD COLUMN concurrency jsonb;

-- The live runs of a tenant, for queue metrics: bounded by the work in flight, not history.
CREATE INDEX workflow_runs_live_idx ON workflow_runs (tenant_id, workflow_id)
  WHERE status IN ('QUEUED', 'RUNNING');
