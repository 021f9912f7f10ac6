/**
 * The in-memory ready queue and the assignment of ready tasks to workers' free slots. Pure
 * memory: the engine persists what this decides, and puts items back if persisting fails.
 *
 * Ready items wait per tenant and action, and within an action per fairness key: the key of
 * their first concurrency claim that waits in line (concurrency-gate.ts), or one common group
 * for tasks without one. Assignment serves an action's groups in turn, one item each per
 * round, highest priority first, so that keys are served fairly and FIFO within a key.
 */
import { randomUUID } from 'node:crypto';
import type { FormedBatch, TaskBatch } from './batches';
import type { ConcurrencyClaim } from './concurrency';
import { isConstrained, labelScore, type Placement } from './placement';
import { ConcurrencyGate, waitsInLine, type StrategyCancel } from './concurrency-gate';
import { RateLimitLedger } from './rate-limit-ledger';
import type { RateLimitClaim } from './rate-limits';
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
  /** The concurrency limits it must pass (concurrency.ts). */
  claims?: readonly ConcurrencyClaim[] | undefined;
  /** What each attempt spends of rate limits (rate-limits.ts). */
  rateLimits?: readonly RateLimitClaim[] | undefined;
  /** Where it should run (placement.ts). */
  placement?: Placement | undefined;
  /** The batch it starts in, with others of its key (batches.ts). */
  batch?: TaskBatch | undefined;
  /** A durable task: it goes only to a worker whose DurableTask stream is not reconnecting. */
  durable?: boolean | undefined;
  /**
   * A restored durable task: it resumes work in progress, so it goes ahead of the items of
   * its priority that wait to start (in the order restores came); a backlog of new work would
   * otherwise hold it long after what it waited for came.
   */
  resumed?: boolean | undefined;
}

export interface Assignment {
  item: ReadyItem;
  worker: WorkerState;
  /** A batch member: the batch (one slot, one action for all) and its place in it. */
  batch?: { formed: FormedBatch; index: number } | undefined;
}

interface Entry {
  item: ReadyItem;
  seq: number;
  removed: boolean;
  /** It waited for a rate limit's refill (its REQUEUED_RATE_LIMIT event is recorded once). */
  rateLimited?: boolean;
  /** The action queue it waits in, while it is ready. */
  queue?: ActionQueue | undefined;
}

/** Items of one fairness key within an action: highest priority first, then oldest. */
class Group {
  private entries: Entry[] = [];
  private head = 0;

  constructor(readonly key: string) {}

  /** The first live entry, dropping removed ones from the front. */
  peek(): Entry | undefined {
    while (this.head < this.entries.length) {
      const entry = this.entries[this.head]!;
      if (!entry.removed) return entry;
      this.head++;
    }
    this.compact();
    return undefined;
  }

  /** How many live entries it holds, counting no further than `max`. */
  countLive(max: number): number {
    let count = 0;
    for (let i = this.head; i < this.entries.length && count < max; i++) {
      if (!this.entries[i]!.removed) count++;
    }
    return count;
  }

  shift(): void {
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.entries.length) this.compact();
  }

  insert(entry: Entry): void {
    // Binary search for the first entry that sorts after this one.
    let lo = this.head;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = this.entries[mid]!;
      const after =
        other.item.priority < entry.item.priority ||
        (other.item.priority === entry.item.priority && other.seq > entry.seq);
      if (after) hi = mid;
      else lo = mid + 1;
    }
    this.entries.splice(lo, 0, entry);
  }

  private compact(): void {
    this.entries = this.entries.slice(this.head);
    this.head = 0;
  }
}

/** One action's ready items, in groups served in turn. */
class ActionQueue {
  readonly groups = new Map<string, Group>();
  /** The groups in turn order; the next round starts at `cursor`. */
  ring: Group[] = [];
  cursor = 0;
  /** Live (not removed) items. */
  size = 0;

  insert(entry: Entry, key: string): void {
    let group = this.groups.get(key);
    if (!group) {
      group = new Group(key);
      this.groups.set(key, group);
      this.ring.push(group);
    }
    group.insert(entry);
    entry.queue = this;
    this.size++;
  }

  /** Forgets a group that ran empty. */
  drop(group: Group): void {
    this.groups.delete(group.key);
    const at = this.ring.indexOf(group);
    this.ring.splice(at, 1);
    if (at < this.cursor) this.cursor--;
  }
}

/** What the scheduler's decisions ask the engine to write (in the next tick). */
export interface SchedulerEffects {
  /** Cancellations concurrency strategies decided. */
  cancel(cancels: StrategyCancel[]): void;
  /** A queued attempt that can never be assigned (RATE_LIMIT_ERROR). */
  fail(item: ReadyItem, message: string): void;
  /** Batches of a key running now (running-attempts.ts keeps them): `groupMaxRuns` caps it. */
  batchesRunning(tenantId: string, actionId: string, key: string): number;
}

const NO_EFFECTS: SchedulerEffects = {
  cancel: () => {},
  fail: () => {},
  batchesRunning: () => 0,
};

export class Scheduler {
  /** tenant → action → its ready items. */
  private readonly ready = new Map<string, Map<string, ActionQueue>>();
  /** Items waiting for their readyAt (retry backoff). */
  private readonly delayed = new Map<string, ReadyItem>();
  /** Every queued item (ready or delayed), by task id. */
  private readonly entries = new Map<string, Entry>();
  /** `tenant/action` keys of paused workflows' actions: their items wait and do not time out. */
  private readonly pausedActions = new Set<string>();
  /** Who holds each concurrency key (concurrency-gate.ts). */
  readonly gate = new ConcurrencyGate();
  /**
   * Ready entries waiting in line for a key their run will hold (WORKFLOW scope), by run: when
   * the run takes its place, they move out of the line, or a DAG's second root task would wait
   * behind other runs that wait for the run it belongs to.
   */
  private readonly inLineByRun = new Map<string, Set<Entry>>();
  private seq = 0;
  /** Sequence of resumed items, which sort before every other of their priority. */
  private resumedSeq = 0;
  private assignSeq = 0;
  /**
   * No unpaused item's schedule timeout is earlier than this. Kept as a lower bound (lowered on
   * enqueue, made exact by a full walk only when a deadline scan runs) so that arming the
   * deadline timer after every tick does not walk a queue of thousands of items.
   */
  private scheduleTimeoutBound: number | undefined;

  /** What is left of each rate limit's window (rate-limit-ledger.ts). */
  readonly rateLimits = new RateLimitLedger();
  /** Items that started waiting for a rate limit, for their REQUEUED_RATE_LIMIT events. */
  private rateLimited: ReadyItem[] = [];
  /**
   * Items set aside until enough of their rate limit leaves its window, so that the items behind them,
   * of other keys, go on; they return to their place (their order kept) when it does.
   */
  private readonly parked = new Map<string, { entry: Entry; until: number }>();
  /** The earliest refill a parked item waits for. */
  private refillAt: number | undefined;
  /** The earliest time a collecting batch is due (its interval runs out), from the last pass. */
  private batchDueAt: number | undefined;
  /** Batches formed in the current pass, by `tenant/action/key`, not in the running set yet. */
  private formedInPass = new Map<string, number>();

  private readonly effects: SchedulerEffects;

  constructor(effects: Partial<SchedulerEffects> = {}) {
    this.effects = { ...NO_EFFECTS, ...effects };
  }

  get size(): number {
    return this.entries.size;
  }

  /** Queued items (ready, delayed or parked) per tenant: a walk over them all. */
  sizeByTenant(): Map<string, number> {
    const sizes = new Map<string, number>();
    for (const { item } of this.entries.values()) {
      sizes.set(item.tenantId, (sizes.get(item.tenantId) ?? 0) + 1);
    }
    return sizes;
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

  /**
   * Queues an item. Its concurrency strategies decide first: they may cancel other tasks, or
   * this one (then it is not queued; its cancellation follows).
   */
  enqueue(item: ReadyItem, now: number): void {
    this.drop(item.taskId);
    if (item.claims) {
      const { admitted, cancels } = this.gate.arrive(item);
      if (cancels.length > 0) this.effects.cancel(cancels);
      if (!admitted) return;
    }
    const seq = item.resumed ? RESUMED_SEQ + ++this.resumedSeq : ++this.seq;
    const entry: Entry = { item, seq, removed: false };
    this.entries.set(item.taskId, entry);
    if (
      this.scheduleTimeoutBound === undefined ||
      item.scheduleTimeoutAt < this.scheduleTimeoutBound
    )
      this.scheduleTimeoutBound = item.scheduleTimeoutAt;
    if (item.readyAt > now) this.delayed.set(item.taskId, item);
    else this.insertReady(entry);
  }

  /** A queued item, by task id (ready, backing off, or waiting for a key). */
  queued(taskId: string): ReadyItem | undefined {
    return this.entries.get(taskId)?.item;
  }

  /** Whether a queued item's workflow is paused. */
  isActionPaused(item: Pick<ReadyItem, 'tenantId' | 'actionId'>): boolean {
    return this.isPaused(item);
  }

  /** An item left the queue without being assigned (cancelled, timed out, replayed). */
  remove(taskId: string): ReadyItem | undefined {
    const item = this.drop(taskId);
    if (item?.claims) this.gate.dequeued(item);
    return item;
  }

  /** An attempt that was assigned ended: its TASK-scope concurrency places are free. */
  attemptEnded(taskId: string): void {
    this.gate.release(taskId);
    this.rateLimits.forget(taskId);
  }

  /**
   * An attempt ended without starting (cancelled, reassigned, its tick failed): the rate limit
   * units it spent are given back.
   */
  attemptUnstarted(taskId: string): void {
    // Units came back: what was parked for lack of them tries again (it parks again if need be).
    if (this.rateLimits.refund(taskId)) this.unparkRateLimited();
  }

  /** Items that started waiting for a rate limit since the last call (their events). */
  takeRateLimited(): ReadyItem[] {
    const items = this.rateLimited;
    this.rateLimited = [];
    return items;
  }

  /** The earliest time a parked item's rate limit refills. */
  nextRateLimitRefill(): number | undefined {
    return this.refillAt;
  }

  /** A limit changed (put again, deleted): parked items try again at once. */
  unparkRateLimited(): void {
    for (const { entry } of this.parked.values()) this.insertReady(entry);
    this.parked.clear();
    this.refillAt = undefined;
  }

  /** A run reached a final state: its WORKFLOW-scope concurrency places are free. */
  runFinished(runId: string): void {
    this.gate.release(runId);
  }

  private drop(taskId: string): ReadyItem | undefined {
    const entry = this.entries.get(taskId);
    if (!entry) return undefined;
    entry.removed = true;
    if (entry.queue) entry.queue.size--;
    const inLine = this.inLineByRun.get(entry.item.runId);
    if (inLine?.delete(entry) && inLine.size === 0) this.inLineByRun.delete(entry.item.runId);
    this.entries.delete(taskId);
    this.delayed.delete(taskId);
    return entry.item;
  }

  /**
   * Moves delayed items whose time has come, and parked items whose rate limit refilled, to
   * the ready lists; true if any moved.
   */
  promoteDue(now: number): boolean {
    let moved = false;
    if (this.batchDueAt !== undefined && this.batchDueAt <= now) {
      // A collecting batch's interval ran out: the next pass forms it.
      this.batchDueAt = undefined;
      moved = true;
    }
    if (this.refillAt !== undefined && this.refillAt <= now) {
      this.refillAt = undefined;
      for (const [taskId, { entry, until }] of this.parked) {
        if (until <= now) {
          this.parked.delete(taskId);
          this.insertReady(entry);
          moved = true;
        } else if (this.refillAt === undefined || until < this.refillAt) this.refillAt = until;
      }
    }
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

  /** When the next collecting batch is due (its interval runs out), as the last pass saw it. */
  nextBatchDue(): number | undefined {
    return this.batchDueAt;
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
   * Assigns up to `limit` ready items, each to the assignable worker of its tenant that serves
   * its action and has the most free units of its slot type (ties go to the worker assigned
   * least recently). Within an action, groups are served in turn and the highest priority
   * first; an item whose concurrency key is full waits, and its group with it. Reserves the
   * units.
   */
  assign(workers: Iterable<WorkerState>, limit: number, now: number): Assignment[] {
    this.batchDueAt = undefined;
    try {
      return this.assignPass(workers, limit, now);
    } finally {
      // The batches formed are the running set's to count from now on.
      this.formedInPass.clear();
    }
  }

  private assignPass(workers: Iterable<WorkerState>, limit: number, now: number): Assignment[] {
    const byTenant = assignableByTenant(workers);
    const out: Assignment[] = [];
    for (const [tenantId, actions] of this.ready) {
      const tenantWorkers = byTenant.get(tenantId);
      for (const [actionId, queue] of actions) {
        if (queue.size === 0) {
          actions.delete(actionId);
          continue;
        }
        if (!tenantWorkers || this.isPaused({ tenantId, actionId })) continue;
        const candidates = tenantWorkers.filter((w) => w.actions.has(actionId));
        if (candidates.length > 0) this.assignFrom(queue, candidates, out, limit, now);
        if (queue.size === 0) actions.delete(actionId);
        if (out.length >= limit) return out;
      }
      if (actions.size === 0) this.ready.delete(tenantId);
    }
    return out;
  }

  /**
   * Rounds over an action's groups until no worker has room, nothing can pass, or `limit`.
   * An item only some workers may take (a HARD sticky worker, required labels) is set aside
   * when none of them has room, so that the items behind it go on.
   */
  private assignFrom(
    queue: ActionQueue,
    candidates: readonly WorkerState[],
    out: Assignment[],
    limit: number,
    now: number,
  ): void {
    const aside: Entry[] = [];
    this.serveRounds(queue, candidates, out, limit, now, aside);
    // Items no worker could take this time go back to their places (their order kept).
    for (const entry of aside) {
      queue.size--;
      this.insertReady(entry);
    }
  }

  private serveRounds(
    queue: ActionQueue,
    candidates: readonly WorkerState[],
    out: Assignment[],
    limit: number,
    now: number,
    aside: Entry[],
  ): void {
    for (;;) {
      // The round serves the highest priority any group could take now.
      let priority: number | undefined;
      for (let i = 0; i < queue.ring.length; i++) {
        const group = queue.ring[i]!;
        const head = this.headOf(queue, group, now);
        if (head === null) {
          queue.drop(group);
          i--;
          continue;
        }
        if (head && (priority === undefined || head.item.priority > priority)) {
          priority = head.item.priority;
        }
      }
      if (priority === undefined) return;
      const count = queue.ring.length;
      const start = queue.cursor;
      for (let turn = 0; turn < count; turn++) {
        const at = (start + turn) % count;
        const group = queue.ring[at]!;
        // One item per group and round; a lone group (no fairness keys) is simply drained.
        for (let taken = 0; count === 1 || taken < 1; taken++) {
          const head = this.headOf(queue, group, now);
          if (!head || head.item.priority !== priority) break;
          const worker = this.pickWorker(candidates, head.item);
          if (!worker && isConstrained(head.item.placement)) {
            // Only some workers may take it and none has room: the others go on meanwhile.
            group.shift();
            aside.push(head);
            taken--;
            continue;
          }
          if (!worker) {
            queue.cursor = at;
            return;
          }
          group.shift();
          if (head.item.batch) this.takeBatch(queue, group, head, worker, out, now);
          else this.take(head, worker, out, now);
          queue.cursor = (at + 1) % count;
          if (out.length >= limit) return;
        }
      }
    }
  }

  /**
   * The group's first item if it may be assigned now, undefined if it must wait (its
   * concurrency key is full), null if the group ran empty. Items whose rate limit is spent are
   * parked until it refills, items of cancelled runs are dropped, and items that can never run
   * are failed.
   */
  private passable(queue: ActionQueue, group: Group, now: number): Entry | undefined | null {
    for (;;) {
      const head = group.peek();
      if (!head) return null;
      const { item } = head;
      if (item.claims) {
        if (this.gate.isDoomed(item)) {
          group.shift();
          this.drop(item.taskId);
          this.gate.dequeued(item);
          continue;
        }
        if (this.gate.blocker(item)) return undefined;
      }
      if (!item.rateLimits) return head;
      const check = this.rateLimits.check(item.tenantId, item.rateLimits, now);
      if (check.ok) return head;
      if (check.reason === 'IMPOSSIBLE') {
        group.shift();
        this.remove(item.taskId);
        this.effects.fail(item, check.message);
        continue;
      }
      if (!head.rateLimited) {
        head.rateLimited = true;
        this.rateLimited.push(item);
      }
      group.shift();
      this.park(head, check.until);
    }
  }

  private park(entry: Entry, until: number): void {
    if (entry.queue) entry.queue.size--;
    entry.queue = undefined;
    this.parked.set(entry.item.taskId, { entry, until });
    if (this.refillAt === undefined || until < this.refillAt) this.refillAt = until;
  }

  private take(
    entry: Entry,
    worker: WorkerState,
    out: Assignment[],
    now: number,
    batch?: Assignment['batch'],
  ): void {
    const { item } = entry;
    if (item.rateLimits) this.rateLimits.spend(item.tenantId, item.taskId, item.rateLimits, now);
    // A batch takes one slot, reserved with its first member.
    if (!batch || batch.index === 0) reserveUnits(worker, item.slotType, item.slotUnits);
    worker.lastAssignedSeq = ++this.assignSeq;
    if (entry.queue) entry.queue.size--;
    entry.queue = undefined;
    this.entries.delete(item.taskId);
    if (item.claims) {
      this.gate.admit(item);
      this.leaveLine(item.runId, entry);
    }
    out.push(batch ? { item, worker, batch } : { item, worker });
  }

  /**
   * A batch's first entry (already shifted off its group) goes to the worker, and the group's
   * next entries after it, up to the batch's size, as far as they may pass: one batch, one slot.
   */
  private takeBatch(
    queue: ActionQueue,
    group: Group,
    first: Entry,
    worker: WorkerState,
    out: Assignment[],
    now: number,
  ): void {
    const { tenantId, actionId, batch } = first.item;
    const full = 1 + group.countLive(batch!.maxSize - 1) >= batch!.maxSize;
    const formed: FormedBatch = {
      id: randomUUID(),
      key: batch!.key,
      trigger: full ? 'MAX_SIZE' : 'MAX_INTERVAL',
      formedAt: now,
      size: 0,
    };
    for (let entry: Entry | null | undefined = first; entry;) {
      this.take(entry, worker, out, now, { formed, index: formed.size++ });
      if (formed.size >= batch!.maxSize) break;
      entry = this.passable(queue, group, now);
      if (entry) group.shift();
    }
    const key = batchGroup(tenantId, actionId, batch!.key);
    this.formedInPass.set(key, (this.formedInPass.get(key) ?? 0) + 1);
  }

  /**
   * The group's first item as serveRounds may take it: passable, and for a batch, the batch is
   * due (full, or its first member has waited its interval out) and its key may run another.
   */
  private headOf(queue: ActionQueue, group: Group, now: number): Entry | undefined | null {
    const head = this.passable(queue, group, now);
    if (!head?.item.batch) return head;
    return this.batchWait(head.item, group, now) === undefined ? head : undefined;
  }

  /** What a batch's first item waits for, if anything: its batch to fill, or a running one. */
  private batchWait(item: ReadyItem, group: Group, now: number): BatchWait | undefined {
    const { tenantId, actionId } = item;
    const batch = item.batch!;
    if (batch.groupMaxRuns !== null) {
      const running =
        this.effects.batchesRunning(tenantId, actionId, batch.key) +
        (this.formedInPass.get(batchGroup(tenantId, actionId, batch.key)) ?? 0);
      if (running >= batch.groupMaxRuns) return { kind: 'GROUP_BUSY', running };
    }
    const size = group.countLive(batch.maxSize);
    if (size >= batch.maxSize) return undefined;
    const dueAt = batch.maxIntervalMs === null ? undefined : item.readyAt + batch.maxIntervalMs;
    if (dueAt !== undefined && now >= dueAt) return undefined;
    if (dueAt !== undefined && (this.batchDueAt === undefined || dueAt < this.batchDueAt)) {
      this.batchDueAt = dueAt;
    }
    return { kind: 'COLLECTING', size, dueAt };
  }

  /**
   * For "why is this task waiting": what a queued batch member's batch waits for, undefined
   * when its batch could go now (or it is not a batch member at the head of its batch's line).
   */
  batchWaitOf(taskId: string, now: number): BatchWait | undefined {
    const entry = this.entries.get(taskId);
    if (!entry?.item.batch || !entry.queue) return undefined;
    const group = entry.queue.groups.get(batchGroupKey(entry.item.batch));
    const head = group?.peek();
    return head && group ? this.batchWait(head.item, group, now) : undefined;
  }

  /** The run holds its keys now: its other tasks waiting in line for them move out of it. */
  private leaveLine(runId: string, taken: Entry): void {
    const waiting = this.inLineByRun.get(runId);
    if (!waiting) return;
    this.inLineByRun.delete(runId);
    for (const old of waiting) {
      if (old === taken || old.removed) continue;
      old.removed = true;
      if (old.queue) old.queue.size--;
      const entry: Entry = { item: old.item, seq: old.seq, removed: false };
      this.entries.set(old.item.taskId, entry);
      this.insertReady(entry);
    }
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
      // Tasks with concurrency or rate limits pass them in the queue; batch members collect there.
      if (item.claims || item.rateLimits || item.batch) continue;
      const key = `${item.tenantId}/${item.actionId}`;
      let workersOfAction = candidates.get(key);
      if (workersOfAction === undefined) {
        const waiting = (this.ready.get(item.tenantId)?.get(item.actionId)?.size ?? 0) > 0;
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

  /**
   * The worker for an item: among those with room for its units, the desired (sticky) worker
   * first (HARD: only it), then the best score of the item's desired labels (a worker lacking a
   * required one is out), then the most free units, then the one assigned least recently.
   */
  private pickWorker(candidates: readonly WorkerState[], item: ReadyItem): WorkerState | undefined {
    const placement = item.placement;
    let best: WorkerState | undefined;
    let bestRank: [number, number, number] = [0, 0, 0];
    for (const worker of candidates) {
      if (placement?.strict && worker.id !== placement.workerId) continue;
      if (item.durable && worker.durableHeldUntil > 0) continue;
      const free = freeUnits(worker, item.slotType);
      if (free < item.slotUnits) continue;
      const score = labelScore(worker.labels, placement?.labels);
      if (score === undefined) continue;
      const rank: [number, number, number] = [
        placement?.workerId === worker.id ? 1 : 0,
        score,
        free,
      ];
      if (
        !best ||
        outranks(rank, bestRank) ||
        (sameRank(rank, bestRank) && worker.lastAssignedSeq < best.lastAssignedSeq)
      ) {
        best = worker;
        bestRank = rank;
      }
    }
    return best;
  }

  private insertReady(entry: Entry): void {
    const { tenantId, actionId } = entry.item;
    let actions = this.ready.get(tenantId);
    if (!actions) this.ready.set(tenantId, (actions = new Map()));
    let queue = actions.get(actionId);
    if (!queue) actions.set(actionId, (queue = new ActionQueue()));
    // A batch member collects with the others of its batch key.
    if (entry.item.batch) {
      queue.insert(entry, batchGroupKey(entry.item.batch));
      return;
    }
    // The fairness key: the first key it waits in line for that its run or task does not
    // already hold; tasks without one share a group.
    const claim = entry.item.claims?.find((c) => waitsInLine(c) && !this.gate.holds(entry.item, c));
    queue.insert(entry, claim ? `${claim.gate}\u0000${claim.key}` : '');
    if (claim?.scope === 'WORKFLOW') {
      let waiting = this.inLineByRun.get(entry.item.runId);
      if (!waiting) this.inLineByRun.set(entry.item.runId, (waiting = new Set()));
      waiting.add(entry);
    }
  }
}

/** Resumed items' sequence numbers start here, below any other item's (which start at 1). */
const RESUMED_SEQ = -Number.MAX_SAFE_INTEGER;

/** What a batch waits for before it may go (why-waiting reports it). */
export type BatchWait =
  | { kind: 'COLLECTING'; size: number; dueAt: number | undefined }
  | { kind: 'GROUP_BUSY'; running: number };

/** The group a batch member collects in, apart from any concurrency key's group. */
function batchGroupKey(batch: TaskBatch): string {
  return `\u0001batch\u0000${batch.key}`;
}

function batchGroup(tenantId: string, actionId: string, key: string): string {
  return `${tenantId}/${actionId}/${key}`;
}

function outranks(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

function sameRank(a: readonly number[], b: readonly number[]): boolean {
  return a.every((value, i) => value === b[i]);
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
