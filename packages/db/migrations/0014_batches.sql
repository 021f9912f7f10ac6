-- Batch tasks: each step's batch settings; each task's batch (its key, worked out at trigger,
-- with its step's settings), read back with the queue on start; and the batch each running
-- attempt belongs to, so that a restart counts a batch's one slot once.
ALTER TABLE workflow_steps ADD COLUMN batch jsonb;
ALTER TABLE tasks ADD COLUMN batch jsonb;
ALTER TABLE task_runtimes ADD COLUMN batch_id uuid;
