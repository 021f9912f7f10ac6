/**
 * The in-memory ready queue and the assignment of ready tasks to workers' free slots. Pure
 * memory: the engine persists what this decides, and puts items back if persisting fails.
 */
import { freeUnits, isAssignable, reserveUnits, type WorkerState } from './worker-pool';

export interface ReadyItem {
  taskId: string;
  externalId: string;
  tenantId: string;
  runId: string;
  actionId: string;
  retryCount: number;
  priority: number;
  slotType: string;
  slotUnits: number;
  /** Epoch ms; later than now while a retry backs off. */
  readyAt: number;
  scheduleTimeoutAt: number;
}

export interface Assignment {
  item: ReadyItem;
  worker: WorkerState;
}

interface Entry {
  item: ReadyItem;
  seq: number;
  removed: boolean;
}

export class Scheduler {
  /** tenant → action → entries ordered by priority (high first), then arrival. */
  private readonly ready = new Map<string, Map<string, Entry[]>>();
  /** Items waiting for their readyAt (retry backoff). */
  private readonly delayed = new Map<string, ReadyItem>();
  /** Every queued item (ready or delayed), by task id. */
  private readonly entries = new Map<string, Entry>();
  /** `tenant/action` keys of paused workflows' actions: their items wait and do not time out. */
  private readonly pausedActions = new Set<string>();
  private seq = 0;
  private assignSeq = 0;
  /**
   * No unpaused item's schedule timeout is earlier than this. Kept as a lower bound (lowered on
   * enqueue, made exact by a full walk only when a deadline scan runs) so that arming the
   * deadline timer after every tick does not walk a queue of thousands of items.
   */
  private scheduleTimeoutBound: number | undefined;

  get size(): number {
    return this.entries.size;
  }

  has(taskId: string): boolean {
    return this.entries.has(taskId);
  }

  setActionsPaused(tenantId: string, actionIds: readonly string[], paused: boolean): void {
    for (const actionId of actionIds) {
      if (paused) this.pausedActions.add(`${tenantId}/${actionId}`);
      else this.pausedActions.delete(`${tenantId}/${actionId}`);
    }
  }

  private isPaused(item: Pick<ReadyItem, 'tenantId' | 'actionId'>): boolean {
    return this.pausedActions.has(`${item.tenantId}/${item.actionId}`);
  }

  /** Gives the waiting items of some actions a full schedule window again, from now. */
  restartScheduleWindows(tenantId: string, actionIds: readonly string[], now: number): void {
    const actions = new Set(actionIds);
    for (const { item } of this.entries.values()) {
      if (item.tenantId !== tenantId || !actions.has(item.actionId)) continue;
      item.scheduleTimeoutAt =
        Math.max(item.readyAt, now) + (item.scheduleTimeoutAt - item.readyAt);
    }
    this.refreshScheduleTimeoutBound();
  }

  /** A time no unpaused queued item times out before (undefined: nothing can time out). */
  earliestScheduleTimeout(): number | undefined {
    return this.scheduleTimeoutBound;
  }

  /** Unpaused queued items whose schedule timeout has passed; makes the bound exact. */
  scheduleTimedOut(now: number): ReadyItem[] {
    const due: ReadyItem[] = [];
    for (const { item } of this.entries.values()) {
      if (!this.isPaused(item) && now >= item.scheduleTimeoutAt) due.push(item);
    }
    this.refreshScheduleTimeoutBound(now);
    return due;
  }

  /**
   * Makes the bound exact, leaving out paused items and those due by `now` (a scan has just
   * buffered their timeouts; after a failed write, call this without `now` to see them again).
   */
  refreshScheduleTimeoutBound(now = -Infinity): void {
    let bound: number | undefined;
    for (const { item } of this.entries.values()) {
      if (this.isPaused(item) || item.scheduleTimeoutAt <= now) continue;
      if (bound === undefined || item.scheduleTimeoutAt < bound) bound = item.scheduleTimeoutAt;
    }
    this.scheduleTimeoutBound = bound;
  }

  enqueue(item: ReadyItem, now: number): void {
    this.remove(item.taskId);
    const entry: Entry = { item, seq: ++this.seq, removed: false };
    this.entries.set(item.taskId, entry);
    if (
      this.scheduleTimeoutBound === undefined ||
      item.scheduleTimeoutAt < this.scheduleTimeoutBound
    )
      this.scheduleTimeoutBound = item.scheduleTimeoutAt;
    if (item.readyAt > now) this.delayed.set(item.taskId, item);
    else this.insertReady(entry);
  }

  remove(taskId: string): ReadyItem | undefined {
    const entry = this.entries.get(taskId);
    if (!entry) return undefined;
    entry.removed = true;
    this.entries.delete(taskId);
    this.delayed.delete(taskId);
    return entry.item;
  }

  /** Moves delayed items whose time has come to the ready lists; true if any moved. */
  promoteDue(now: number): boolean {
    let moved = false;
    for (const [taskId, item] of this.delayed) {
      if (item.readyAt <= now) {
        this.delayed.delete(taskId);
        const entry = this.entries.get(taskId);
        if (entry) this.insertReady(entry);
        moved = true;
      }
    }
    return moved;
  }

  /** The earliest readyAt among delayed items. */
  nextReadyAt(): number | undefined {
    let next: number | undefined;
    for (const item of this.delayed.values()) {
      if (next === undefined || item.readyAt < next) next = item.readyAt;
    }
    return next;
  }

  /**
   * Assigns up to `limit` ready items, highest priority first, each to the assignable worker
   * of its tenant that serves its action and has the most free units of its slot type (ties
   * go to the worker assigned least recently). Reserves the units.
   */
  assign(workers: Iterable<WorkerState>, limit: number): Assignment[] {
    const byTenant = assignableByTenant(workers);
    const out: Assignment[] = [];
    for (const [tenantId, actions] of this.ready) {
      const tenantWorkers = byTenant.get(tenantId);
      if (!tenantWorkers) continue;
      for (const [actionId, list] of actions) {
        if (this.isPaused({ tenantId, actionId })) continue;
        const candidates = tenantWorkers.filter((w) => w.actions.has(actionId));
        let taken = 0;
        while (taken < list.length && out.length < limit) {
          const entry = list[taken]!;
          if (entry.removed) {
            taken++;
            continue;
          }
          const worker = this.pickWorker(candidates, entry.item);
          if (!worker) break;
          taken++;
          reserveUnits(worker, entry.item.slotType, entry.item.slotUnits);
          worker.lastAssignedSeq = ++this.assignSeq;
          this.entries.delete(entry.item.taskId);
          out.push({ item: entry.item, worker });
        }
        list.splice(0, taken);
        if (list.length === 0) actions.delete(actionId);
        if (out.length >= limit) return out;
      }
      if (actions.size === 0) this.ready.delete(tenantId);
    }
    return out;
  }

  /**
   * Assigns items that are not queued yet (the root tasks of runs being triggered) the same
   * way, so that they skip the queue. Only actions with nothing waiting in the ready lists take
   * part, or new items would overtake older ones; items go highest priority first, and an
   * action stops at its first item no worker can take. Reserves the units and returns the
   * assignments; the caller queues the rest.
   */
  assignNew(items: readonly ReadyItem[], workers: Iterable<WorkerState>): Assignment[] {
    const byTenant = assignableByTenant(workers);
    /** Per `tenant/action`: the workers that may take it, or null once it has stopped. */
    const candidates = new Map<string, WorkerState[] | null>();
    const out: Assignment[] = [];
    const byPriority = [...items].sort((a, b) => b.priority - a.priority);
    for (const item of byPriority) {
      const key = `${item.tenantId}/${item.actionId}`;
      let workersOfAction = candidates.get(key);
      if (workersOfAction === undefined) {
        const waiting = (this.ready.get(item.tenantId)?.get(item.actionId)?.length ?? 0) > 0;
        workersOfAction =
          waiting || this.isPaused(item)
            ? null
            : (byTenant.get(item.tenantId) ?? []).filter((w) => w.actions.has(item.actionId));
        candidates.set(key, workersOfAction);
      }
      const worker = workersOfAction && this.pickWorker(workersOfAction, item);
      if (!worker) {
        candidates.set(key, null);
        continue;
      }
      reserveUnits(worker, item.slotType, item.slotUnits);
      worker.lastAssignedSeq = ++this.assignSeq;
      out.push({ item, worker });
    }
    return out;
  }

  private pickWorker(candidates: readonly WorkerState[], item: ReadyItem): WorkerState | undefined {
    let best: WorkerState | undefined;
    let bestFree = 0;
    for (const worker of candidates) {
      const free = freeUnits(worker, item.slotType);
      if (free < item.slotUnits) continue;
      if (
        !best ||
        free > bestFree ||
        (free === bestFree && worker.lastAssignedSeq < best.lastAssignedSeq)
      ) {
        best = worker;
        bestFree = free;
      }
    }
    return best;
  }

  private insertReady(entry: Entry): void {
    const { tenantId, actionId } = entry.item;
    let actions = this.ready.get(tenantId);
    if (!actions) this.ready.set(tenantId, (actions = new Map()));
    let list = actions.get(actionId);
    if (!list) actions.set(actionId, (list = []));
    // Binary search for the first entry that sorts after this one.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = list[mid]!;
      const after =
        other.item.priority < entry.item.priority ||
        (other.item.priority === entry.item.priority && other.seq > entry.seq);
      if (after) hi = mid;
      else lo = mid + 1;
    }
    list.splice(lo, 0, entry);
  }
}

function assignableByTenant(workers: Iterable<WorkerState>): Map<string, WorkerState[]> {
  const byTenant = new Map<string, WorkerState[]>();
  for (const worker of workers) {
    if (!isAssignable(worker)) continue;
    const list = byTenant.get(worker.tenantId) ?? [];
    list.push(worker);
    byTenant.set(worker.tenantId, list);
  }
  return byTenant;
}
