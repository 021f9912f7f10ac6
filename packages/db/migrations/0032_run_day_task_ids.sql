-- Which task ids the day of a run holds, computed from the run id in SQL (day-ids.ts says the
-- same in TypeScript): a run's tasks all lie in its day. A lookup of tasks by run_id from a
-- row of workflow_runs, as in a correlated EXISTS or a join, bounded with
--   t.id >= first_task_id_of_run_day(r.id) AND t.id < first_task_id_of_run_day(r.id) + 2^37
-- reads one day's partition: PostgreSQL prunes the others as it runs, for each outer row.
-- Without the bound it probes every day's index. (A lookup by the partition key itself,
-- r.id = t.run_id or n.task_id = t.id, is pruned that way already.)
--
-- A run id that is not a UUIDv7 (from before run_partitions) is day 0, whose tasks are in the
-- DEFAULT partition. The function is IMMUTABLE and one SELECT, so the planner inlines it.
CREATE FUNCTION first_task_id_of_run_day(run_id uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN substr(run_id::text, 15, 1) = '7'
    THEN (('x' || substr(replace(run_id::text, '-', ''), 1, 12))::bit(48)::bigint / 86400000) << 37
    ELSE 0 END
$$;
