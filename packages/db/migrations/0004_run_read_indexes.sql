-- Read-side indexes for the runs list, its counts and metrics, and run details. The engine
-- pays for every index on its tables at each insert and status change, so the two list
-- indexes of 0002 are replaced rather than joined, and tasks, the busiest table, get nothing
-- new; runs get two indexes, written a few times per run rather than per task event.

-- Runs list, capped counts, status counts and the succeeded/failed chart. Keyed like the
-- list's order (newest first, id breaking ties), so a page is read in index order and a deep
-- offset walks index entries only; status and workflow_id ride along so that status and
-- workflow filters and the counts by status are answered from the index alone.
DROP INDEX workflow_runs_list_idx;
CREATE INDEX workflow_runs_list_idx ON workflow_runs (tenant_id, created_at DESC, id DESC)
  INCLUDE (status, workflow_id);

-- Runs of some statuses, newest first: a status filter's page and its capped count read only
-- the matching entries, so a rare status (failed, queued) over a long window costs what it
-- matches instead of a walk through the whole window.
CREATE INDEX workflow_runs_status_idx ON workflow_runs (tenant_id, status, created_at DESC, id DESC);

-- The same as the runs list index, for tasks (the list with only_tasks=true).
DROP INDEX tasks_list_idx;
CREATE INDEX tasks_list_idx ON tasks (tenant_id, created_at DESC, id DESC) INCLUDE (status);

-- Child runs of a task: the list's parent_task_external_id filter, a task's count of spawned
-- children and the waterfall's descent into child runs. The two unique child indexes of 0002
-- cannot serve these, as each covers only runs with (or only runs without) a child key.
-- Partial, so runs without a parent (most of them) cost nothing here.
CREATE INDEX workflow_runs_parent_idx
  ON workflow_runs (tenant_id, parent_task_external_id, created_at DESC)
  WHERE parent_task_external_id IS NOT NULL;
