/**
 * Who holds each concurrency key, and what each strategy decides, in memory (the scheduler's
 * part of flow control). A task passes its claims (concurrency.ts) here when it is queued and
 * when it is about to be assigned:
 *
 * - GROUP_ROUND_ROBIN: the task waits until its key has room; it takes its place at
 *   assignment, and the scheduler serves the keys in turn (scheduler.ts).
 * - CANCEL_IN_PROGRESS: the newest wins. A task arriving at a full key takes its place at
 *   once, and the oldest holders (lowest priority first) are cancelled, running or not.
 * - CANCEL_NEWEST: what holds the key is never touched; a task arriving at a full key is
 *   cancelled.
 * - CANCEL_QUEUED_EXCEPT_NEWEST / _OLDEST: like round robin, but at most `limit` tasks wait
 *   beyond those the key has room for; the oldest (or the newest) of the excess are cancelled.
 *
 * A WORKFLOW-scope claim is held by the run, from its first task's admission until the run
 * finishes, so a DAG run keeps its place between its tasks; a TASK-scope claim is held by the
 * task's attempt until it ends. Cancelled tasks and runs are "doomed" at once (never assigned,
 * their places given up), and the engine writes their cancellation in the next tick.
 */
import type { ConcurrencyClaim } from './concurrency';

/** What a gate needs of a queued task. */
export interface GatedItem {
  taskId: string;
  externalId: string;
  tenantId: string;
  runId: string;
  priority: number;
  claims?: readonly ConcurrencyClaim[] | undefined;
}

/** A task or run a strategy cancelled, and the sentence its CANCELLED event carries. */
export interface StrategyCancel {
  tenantId: string;
  /** A run id (WORKFLOW scope: the whole run goes) or a task's external id. */
  id: string;
  message: string;
}

interface Holder {
  /** The run id (WORKFLOW scope) or the task id (TASK scope). */
  id: string;
  cancelId: string;
  runId: string;
  priority: number;
  /** The task id that took the place: creation order, oldest lowest. */
  order: string;
}

interface KeyState {
  holders: Map<string, Holder>;
  /** CANCEL_QUEUED_* only: tasks waiting under the key, in arrival order. */
  waiting: Map<string, GatedItem>;
}

/** The runs holding a key, for "why is this task waiting". */
export interface KeyHolder {
  runId: string;
  /** The task holding it, for a TASK-scope limit. */
  taskExternalId: string | null;
}

const WAITS_IN_LINE = new Set([
  'GROUP_ROUND_ROBIN',
  'CANCEL_QUEUED_EXCEPT_NEWEST',
  'CANCEL_QUEUED_EXCEPT_OLDEST',
]);

/** Whether a claim's task waits for room at assignment (rather than being decided on arrival). */
export function waitsInLine(claim: ConcurrencyClaim): boolean {
  return WAITS_IN_LINE.has(claim.strategy);
}

export class ConcurrencyGate {
  private readonly keys = new Map<string, KeyState>();
  /** Holder id → the keys it holds, to release them together. */
  private readonly held = new Map<string, Set<string>>();
  /** Tasks and runs cancelled by a strategy, not yet gone from the queue. */
  private readonly doomed = new Set<string>();

  /**
   * A task joins the queue. Returns the cancellations its strategies decide (possibly of the
   * task itself: then `admitted` is false and it must not be queued).
   */
  arrive(item: GatedItem): { admitted: boolean; cancels: StrategyCancel[] } {
    const cancels: StrategyCancel[] = [];
    /** What this arrival changed, undone if a later claim refuses the task. */
    const took: { id: string; state: KeyState; holderId: string }[] = [];
    const lined: KeyState[] = [];
    const refuse = (claim: ConcurrencyClaim, why: string) => {
      for (const { id, state, holderId } of took) this.unhold(id, state, holderId);
      for (const state of lined) state.waiting.delete(item.taskId);
      const target = holder(item, claim);
      // The task itself is not queued; a run's other tasks must not be assigned either.
      if (claim.scope === 'WORKFLOW') this.doomed.add(target.id);
      cancels.push(cancelOf(item.tenantId, target, claim, why));
      return { admitted: false, cancels };
    };
    for (const claim of item.claims ?? []) {
      const id = keyId(item.tenantId, claim);
      const state = this.state(id);
      const self = holder(item, claim);
      if (state.holders.has(self.id)) continue;
      switch (claim.strategy) {
        case 'GROUP_ROUND_ROBIN':
          break;
        case 'CANCEL_NEWEST':
          if (state.holders.size >= claim.limit) return refuse(claim, 'the key is at its limit');
          this.hold(id, state, self);
          took.push({ id, state, holderId: self.id });
          break;
        case 'CANCEL_IN_PROGRESS': {
          const losers = [...state.holders.values(), self].sort(newestFirst).slice(claim.limit);
          if (losers.includes(self)) return refuse(claim, 'newer runs hold the key');
          for (const loser of losers) {
            this.unhold(id, state, loser.id);
            this.doomed.add(loser.id);
            cancels.push(cancelOf(item.tenantId, loser, claim, 'a newer run took its place'));
          }
          this.hold(id, state, self);
          took.push({ id, state, holderId: self.id });
          break;
        }
        case 'CANCEL_QUEUED_EXCEPT_NEWEST':
        case 'CANCEL_QUEUED_EXCEPT_OLDEST': {
          state.waiting.set(item.taskId, item);
          lined.push(state);
          // The first `room` in line are about to take a place; at most `limit` wait behind them.
          const room = Math.max(0, claim.limit - state.holders.size);
          const inLine = [...state.waiting.values()].slice(room);
          const excess = inLine.length - claim.limit;
          if (excess <= 0) break;
          const losers =
            claim.strategy === 'CANCEL_QUEUED_EXCEPT_NEWEST'
              ? inLine.slice(0, excess)
              : inLine.slice(inLine.length - excess);
          if (losers.includes(item)) return refuse(claim, 'enough runs already wait for the key');
          for (const loser of losers) {
            state.waiting.delete(loser.taskId);
            const doomed = holder(loser, claim);
            this.doomed.add(doomed.id);
            cancels.push(
              cancelOf(item.tenantId, doomed, claim, 'a newer run took its place in line'),
            );
          }
          break;
        }
      }
    }
    return { admitted: true, cancels };
  }

  /** Whether the task (or, for a WORKFLOW-scope claim, its run) holds the claim's key. */
  holds(item: GatedItem, claim: ConcurrencyClaim): boolean {
    return this.keys.get(keyId(item.tenantId, claim))?.holders.has(holderOf(item, claim)) ?? false;
  }

  /** The first claim whose key has no room for this task, if any. */
  blocker(item: GatedItem): ConcurrencyClaim | undefined {
    for (const claim of item.claims ?? []) {
      const state = this.keys.get(keyId(item.tenantId, claim));
      const holders = state?.holders;
      if (holders && !holders.has(holderOf(item, claim)) && holders.size >= claim.limit) {
        return claim;
      }
    }
    return undefined;
  }

  /** Whether a strategy cancelled this task or its run (it must not be assigned). */
  isDoomed(item: Pick<GatedItem, 'taskId' | 'runId'>): boolean {
    return this.doomed.size > 0 && (this.doomed.has(item.taskId) || this.doomed.has(item.runId));
  }

  /** The task is being assigned: it takes its place under every key it waited for. */
  admit(item: GatedItem): void {
    for (const claim of item.claims ?? []) {
      const id = keyId(item.tenantId, claim);
      const state = this.state(id);
      state.waiting.delete(item.taskId);
      if (!state.holders.has(holderOf(item, claim))) this.hold(id, state, holder(item, claim));
    }
  }

  /** A queued task left the queue without being assigned (cancelled, timed out). */
  dequeued(item: GatedItem): void {
    for (const claim of item.claims ?? []) {
      const state = this.keys.get(keyId(item.tenantId, claim));
      if (state?.waiting.delete(item.taskId)) this.dropIfIdle(keyId(item.tenantId, claim), state);
    }
    this.release(item.taskId);
  }

  /** A task's attempt ended, or a run finished: their places are free. */
  release(holderId: string): void {
    this.doomed.delete(holderId);
    const keys = this.held.get(holderId);
    if (!keys) return;
    this.held.delete(holderId);
    for (const id of keys) {
      const state = this.keys.get(id);
      if (!state) continue;
      state.holders.delete(holderId);
      this.dropIfIdle(id, state);
    }
  }

  /**
   * Recovery (Engine.start): a task already assigned holds all its keys again; a queued task
   * of a run that has started holds its run's (WORKFLOW-scope) keys.
   */
  recoverHolds(item: GatedItem, scopes: 'ALL' | 'WORKFLOW'): void {
    for (const claim of item.claims ?? []) {
      if (scopes === 'WORKFLOW' && claim.scope !== 'WORKFLOW') continue;
      const id = keyId(item.tenantId, claim);
      const state = this.state(id);
      if (!state.holders.has(holderOf(item, claim))) this.hold(id, state, holder(item, claim));
    }
  }

  /** Who holds the key of this claim, for "why is this task waiting". */
  holdersOf(tenantId: string, claim: ConcurrencyClaim): KeyHolder[] {
    const holders = this.keys.get(keyId(tenantId, claim))?.holders.values() ?? [];
    return [...holders].map((h) => ({
      runId: h.runId,
      taskExternalId: claim.scope === 'TASK' ? h.cancelId : null,
    }));
  }

  private hold(id: string, state: KeyState, holder: Holder): void {
    state.holders.set(holder.id, holder);
    let keys = this.held.get(holder.id);
    if (!keys) this.held.set(holder.id, (keys = new Set()));
    keys.add(id);
  }

  private unhold(id: string, state: KeyState, holderId: string): void {
    state.holders.delete(holderId);
    this.held.get(holderId)?.delete(id);
  }

  private state(id: string): KeyState {
    let state = this.keys.get(id);
    if (!state) this.keys.set(id, (state = { holders: new Map(), waiting: new Map() }));
    return state;
  }

  private dropIfIdle(id: string, state: KeyState): void {
    if (state.holders.size === 0 && state.waiting.size === 0) this.keys.delete(id);
  }
}

function keyId(tenantId: string, claim: ConcurrencyClaim): string {
  return `${tenantId}\u0000${claim.gate}\u0000${claim.key}`;
}

function holderOf(item: GatedItem, claim: ConcurrencyClaim): string {
  return claim.scope === 'WORKFLOW' ? item.runId : item.taskId;
}

function holder(item: GatedItem, claim: ConcurrencyClaim): Holder {
  const workflow = claim.scope === 'WORKFLOW';
  return {
    id: workflow ? item.runId : item.taskId,
    cancelId: workflow ? item.runId : item.externalId,
    runId: item.runId,
    priority: item.priority,
    order: item.taskId,
  };
}

/** Highest priority first, then the newest (task ids grow with creation). */
function newestFirst(a: Holder, b: Holder): number {
  return b.priority - a.priority || compareIds(b.order, a.order);
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function cancelOf(
  tenantId: string,
  target: Holder,
  claim: ConcurrencyClaim,
  why: string,
): StrategyCancel {
  return {
    tenantId,
    id: target.cancelId,
    message: `Cancelled by concurrency strategy ${claim.strategy} on key "${claim.key}" (limit ${claim.limit}): ${why}`,
  };
}
