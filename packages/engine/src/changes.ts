/**
 * What committed ticks changed, per tenant, for live views (the REST layer's event stream):
 * tasks with new events (every status change is one), tasks with new log lines, workers whose
 * state was written. Ids are internal task ids and worker ids; listeners resolve what they show.
 * Published after COMMIT only, so a listener never hears of a change that was rolled back.
 */
export interface TenantChanges {
  tasks: Set<string>;
  logs: Set<string>;
  workers: Set<string>;
}

export type ChangeKind = keyof TenantChanges;

export type ChangeListener = (changes: ReadonlyMap<string, TenantChanges>) => void;

export class ChangeSet {
  readonly byTenant = new Map<string, TenantChanges>();

  add(tenantId: string, kind: ChangeKind, id: string): void {
    let changes = this.byTenant.get(tenantId);
    if (!changes) {
      changes = { tasks: new Set(), logs: new Set(), workers: new Set() };
      this.byTenant.set(tenantId, changes);
    }
    changes[kind].add(id);
  }
}

/** The listeners of changes; one that throws is reported and the others still hear. */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onError: (message: string, error: unknown) => void) {}

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  publish(changes: ChangeSet): void {
    if (changes.byTenant.size === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(changes.byTenant);
      } catch (error) {
        this.onError('engine: a change listener failed', error);
      }
    }
  }
}
