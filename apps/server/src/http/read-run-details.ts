import type { V1WorkflowRunDetails } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { findRunDetail, listRunShape, listRunTaskEvents } from '../read-models/run-detail.queries';
import { listTasksOfRuns } from '../read-models/run-list.queries';
import { presentRunDetails } from './present-runs';

/** A run's details (run, tasks, events, shape), or undefined when the tenant has no such run. */
export async function readRunDetails(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<V1WorkflowRunDetails | undefined> {
  const run = await findRunDetail(db, tenantId, runId);
  if (!run) return undefined;
  const [tasks, events, shape] = await Promise.all([
    listTasksOfRuns(db, tenantId, [run.id], { includePayloads: true }),
    listRunTaskEvents(db, tenantId, run.id),
    listRunShape(db, tenantId, run.id),
  ]);
  return presentRunDetails(run, tasks, events, shape, tenantId);
}
