-- Branches of a durable task's event log (REST durable-tasks/branch): the task runs again from a
-- node, as a new branch whose nodes continue the numbering from there. The nodes the old course
-- had from that node on are superseded: kept for history, no longer part of the log the task
-- replays, and no longer waited on. `durable_branch_id` is the branch new nodes are written in.
ALTER TABLE durable_nodes ADD COLUMN superseded_at timestamptz;
ALTER TABLE tasks ADD COLUMN durable_branch_id integer NOT NULL DEFAULT 1;
