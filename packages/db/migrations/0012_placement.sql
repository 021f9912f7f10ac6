-- Where tasks may run: each step's desired worker labels and its workflow's sticky strategy
-- (SOFT or HARD), and each task's placement (desired worker and labels) as worked out when it
-- was queued, read back on start with the queue.
ALTER TABLE workflow_steps ADD COLUMN desired_labels jsonb NOT NULL DEFAULT '[]';
ALTER TABLE workflow_steps ADD COLUMN sticky text;
ALTER TABLE tasks ADD COLUMN placement jsonb;
