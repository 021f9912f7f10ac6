/**
 * What durable tasks wait for, indexed for the engine: the event conditions of open waits, by
 * tenant and event key (all of them: an event is matched in memory), and the sleeps that end
 * soon. Sleeps are held by the database (`durable_nodes.due_at`); only those ending within
 * HORIZON_MS are in memory, with one timer for the earliest, so a hundred thousand sleeping
 * tasks cost the memory of the few due next. The horizon is read again as it passes.
 */
import type { Database } from '@trellis/db';
import { eventMeets, type WaitCondition, type WaitedEvent } from './durable-conditions';
import { listDueSleeps } from './queries/durable.queries';
import type { ParentCondition } from './task-conditions';
import type { TenantScope } from './tenant-scope';
import type { Clock } from './types';

/** Sleeps ending within this are held in memory. */
export const HORIZON_MS = 5 * 60_000;

/** What waits list: a durable wait's conditions, or a task gate's (whose parents are not indexed). */
type IndexedCondition = WaitCondition | ParentCondition;

export interface MetCondition {
  taskId: string;
  nodeId: number;
  index: number;
}

export class EventWaits {
  /** tenant → event key → `task/node/index` → the condition. */
  private readonly byKey = new Map<
    string,
    Map<string, Map<string, MetCondition & { condition: WaitCondition }>>
  >();

  add(
    tenantId: string,
    taskId: string,
    nodeId: number,
    conditions: readonly IndexedCondition[],
  ): void {
    conditions.forEach((condition, index) => {
      if (condition.kind !== 'EVENT') return;
      let keys = this.byKey.get(tenantId);
      if (!keys) this.byKey.set(tenantId, (keys = new Map()));
      let waits = keys.get(condition.eventKey);
      if (!waits) keys.set(condition.eventKey, (waits = new Map()));
      waits.set(`${taskId}/${nodeId}/${index}`, { taskId, nodeId, index, condition });
    });
  }

  remove(
    tenantId: string,
    taskId: string,
    nodeId: number,
    conditions: readonly IndexedCondition[],
  ): void {
    conditions.forEach((condition, index) => {
      if (condition.kind !== 'EVENT') return;
      const keys = this.byKey.get(tenantId);
      const waits = keys?.get(condition.eventKey);
      waits?.delete(`${taskId}/${nodeId}/${index}`);
      if (waits?.size === 0) keys!.delete(condition.eventKey);
      if (keys?.size === 0) this.byKey.delete(tenantId);
    });
  }

  /** The conditions an event meets. */
  matching(tenantId: string, event: WaitedEvent): MetCondition[] {
    const waits = this.byKey.get(tenantId)?.get(event.key);
    if (!waits) return [];
    const met: MetCondition[] = [];
    for (const { taskId, nodeId, index, condition } of waits.values()) {
      if (eventMeets(condition, event)) met.push({ taskId, nodeId, index });
    }
    return met;
  }
}

export interface SleepsDeps {
  db: Database;
  clock: Clock;
  /** The tenants whose sleeps this engine times. */
  scope: TenantScope;
  /** Waits whose sleep ended: the durable system meets their due conditions. */
  due(nodes: { taskId: string; nodeId: number }[]): void;
  onError(message: string, error: unknown): void;
}

export class DurableSleeps {
  /** `task/node` → when it is due: the truth; the heap may hold stale entries besides. */
  private readonly entries = new Map<string, { taskId: string; nodeId: number; dueAt: number }>();
  private readonly heap = new MinHeap<{ key: string; dueAt: number }>((a, b) => a.dueAt - b.dueAt);
  private loadedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt: number | undefined;
  private stopped = false;

  constructor(private readonly deps: SleepsDeps) {}

  async start(): Promise<void> {
    await this.load();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** A wait's earliest open sleep (new or changed); kept only if it ends within the horizon. */
  set(taskId: string, nodeId: number, dueAt: number | null): void {
    const key = `${taskId}/${nodeId}`;
    if (dueAt === null || dueAt >= this.loadedUntil) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, { taskId, nodeId, dueAt });
    this.heap.push({ key, dueAt });
    if (this.timerAt === undefined || dueAt < this.timerAt) this.arm();
  }

  private async load(): Promise<void> {
    const until = this.deps.clock.now() + HORIZON_MS;
    const rows = await listDueSleeps(this.deps.db, this.deps.scope, new Date(until));
    this.loadedUntil = until;
    for (const row of rows) {
      const key = `${row.taskId}/${row.nodeId}`;
      const dueAt = row.dueAt.getTime();
      this.entries.set(key, { taskId: row.taskId, nodeId: row.nodeId, dueAt });
      this.heap.push({ key, dueAt });
    }
    this.arm();
  }

  /** One timer, for the earliest sleep or the horizon. */
  private arm(): void {
    if (this.stopped) return;
    let next = this.loadedUntil;
    const head = this.heap.peek();
    if (head && head.dueAt < next) next = head.dueAt;
    clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next - this.deps.clock.now()));
    this.timer.unref();
  }

  private fire(): void {
    this.timerAt = undefined;
    const now = this.deps.clock.now();
    const due: { taskId: string; nodeId: number }[] = [];
    for (let head = this.heap.peek(); head && head.dueAt <= now; head = this.heap.peek()) {
      this.heap.pop();
      const entry = this.entries.get(head.key);
      // A stale heap entry: the wait was met otherwise, or its sleep moved.
      if (!entry || entry.dueAt !== head.dueAt) continue;
      this.entries.delete(head.key);
      due.push({ taskId: entry.taskId, nodeId: entry.nodeId });
    }
    if (due.length > 0) this.deps.due(due);
    if (now >= this.loadedUntil) {
      this.load().catch((error: unknown) => {
        this.deps.onError('engine: could not read the sleeps falling due', error);
        this.timer = setTimeout(() => this.fire(), 1000);
      });
      return;
    }
    this.arm();
  }
}

/** A binary min-heap: the next sleep in O(log n). */
class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < items.length && this.compare(items[l]!, items[min]!) < 0) min = l;
        if (r < items.length && this.compare(items[r]!, items[min]!) < 0) min = r;
        if (min === i) break;
        [items[i], items[min]] = [items[min]!, items[i]!];
        i = min;
      }
    }
    return top;
  }
}
