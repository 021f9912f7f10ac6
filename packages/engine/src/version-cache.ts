/**
 * The newest version of each workflow, by tenant and name, so a trigger does not read the
 * definition tables. This process owns the database (README: ownership), so PutWorkflow here
 * is the only writer and invalidates the entry.
 */
import type { Queryable } from '@trellis/db';
import type { ConcurrencyDefinition } from './concurrency';
import type { IdempotencyDefinition } from './idempotency';
import { findLatestVersion, listVersionSteps, type StepRow } from './queries/workflow.queries';

export interface CachedVersion {
  workflowId: string;
  workflowName: string;
  versionId: string;
  defaultPriority: number;
  steps: StepRow[];
  isDag: boolean;
  /** The workflow's own concurrency limits. */
  concurrency: ConcurrencyDefinition[];
  idempotency: IdempotencyDefinition | null;
  /**
   * Whether a trigger works anything out of the run's data: concurrency or rate limit claims,
   * batches, or an idempotency key.
   */
  hasClaims: boolean;
}

export class VersionCache {
  private readonly entries = new Map<string, CachedVersion>();

  async get(db: Queryable, tenantId: string, name: string): Promise<CachedVersion | undefined> {
    const key = `${tenantId}/${name}`;
    const cached = this.entries.get(key);
    if (cached) return cached;
    const version = await findLatestVersion(db, tenantId, name);
    if (!version) return undefined;
    const steps = await listVersionSteps(db, tenantId, version.versionId);
    const main = steps.filter((s) => !s.isOnFailure);
    const entry: CachedVersion = {
      workflowId: version.workflowId,
      workflowName: version.workflowName,
      versionId: version.versionId,
      defaultPriority: version.defaultPriority,
      steps,
      // A standalone task is a workflow of one task without parents; anything else is a DAG.
      isDag: main.length > 1 || main.some((s) => s.parents.length > 0),
      concurrency: version.concurrency,
      idempotency: version.idempotency,
      hasClaims:
        version.idempotency !== null ||
        version.concurrency.length > 0 ||
        steps.some((s) => s.concurrency.length > 0 || s.rateLimits.length > 0 || s.batch !== null),
    };
    this.entries.set(key, entry);
    return entry;
  }

  invalidate(tenantId: string, name: string): void {
    this.entries.delete(`${tenantId}/${name}`);
  }
}
