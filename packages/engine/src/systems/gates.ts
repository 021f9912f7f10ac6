/**
 * Task gates: a DAG task's conditions while they count (task-conditions.ts says what they lead
 * to). Run progress opens a task's gate once its parents are done, the trigger phase a root
 * task's as its run starts (`openGate`); then an event stored in a tick, or a sleep that
 * ended, meets its conditions here. A gate that is decided touches its run, so run progress
 * queues, skips or cancels the task in the same transaction; one still open has its next
 * sleep timed again.
 */
import type { Queryable } from '@trellis/db';
import { meetEndedSleeps, nextSleepDue, type WaitedEvent } from '../durable-conditions';
import type { DurableSleeps, EventWaits, MetCondition } from '../durable-waits';
import { meetLookbacks } from '../lookbacks';
import {
  GATE_NODE,
  listGates,
  writeGates,
  type Gate,
  type StoredGate,
} from '../queries/gate.queries';
import { gateDecision, openGroups, type TaskCondition } from '../task-conditions';
import type { WaitingReason } from '../waiting-reason';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';

type GateOp = Operation<void> &
  (
    | { kind: 'event'; tenantId: string; met: MetCondition; event: WaitedEvent }
    | { kind: 'due'; taskId: string }
  );

export interface GateSystemDeps {
  events: EventWaits;
  sleeps: DurableSleeps;
  wake(): void;
}

/**
 * A task's gate as its conditions start counting (`met`: what is met already): events stored
 * before it that its lookbacks accept meet it too, and it is decided at once when that is
 * enough.
 */
export async function openGate(
  db: Queryable,
  task: { taskId: string; tenantId: string },
  conditions: TaskCondition[],
  met: Record<number, unknown>,
  now: number,
): Promise<Gate> {
  await meetLookbacks(db, task.tenantId, conditions, met);
  const decision = gateDecision(conditions, met) ?? null;
  return {
    ...task,
    conditions,
    met,
    startedAt: now,
    dueAt: decision === null ? nextSleepDue(conditions, met, now) : null,
    decision,
    decidedAt: decision === null ? null : now,
  };
}

/** After COMMIT: open gates are indexed for the events and sleeps that will meet them. */
export function indexGates(
  gates: readonly Gate[],
  deps: Pick<GateSystemDeps, 'events' | 'sleeps'>,
): void {
  for (const gate of gates) {
    if (gate.decision !== null) continue;
    deps.events.add(gate.tenantId, gate.taskId, GATE_NODE, gate.conditions);
    deps.sleeps.set(gate.taskId, GATE_NODE, gate.dueAt);
  }
}

/** Why a PENDING task waits, when its gate is open: what its conditions still wait for. */
export async function gateWaiting(
  db: Queryable,
  taskId: string,
): Promise<Extract<WaitingReason, { reason: 'CONDITIONS' }> | undefined> {
  const gate = (await listGates(db, [taskId])).get(taskId);
  if (!gate || gate.closed || gate.decision !== null) return undefined;
  const open = openGroups(gate.conditions, gate.met);
  return {
    reason: 'CONDITIONS',
    since: new Date(gate.startedAt),
    waitingFor: open.QUEUE,
    skippedIf: open.SKIP,
    cancelledIf: open.CANCEL,
    nextSleepAt: gate.dueAt === null ? null : new Date(gate.dueAt),
  };
}

export class GateSystem extends BufferedSystem<GateOp> {
  private afterCommit: (() => void)[] = [];

  constructor(private readonly deps: GateSystemDeps) {
    super(deps.wake);
  }

  /** Gates whose next sleep ended (durable-waits.ts times them with the durable waits). */
  due(taskIds: readonly string[]): void {
    for (const taskId of taskIds) this.push({ kind: 'due', taskId });
  }

  /** Gate conditions met by events stored in this tick (the pushed-event phase runs first). */
  includeEvents(tenantId: string, met: readonly { met: MetCondition; event: WaitedEvent }[]): void {
    const ops = met.map((m): GateOp => ({ kind: 'event', tenantId, ...m }));
    if (ops.length > 0) this.taken = [...this.taken, ...ops];
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const taskIds = new Set(
      this.taken.map((op) => (op.kind === 'due' ? op.taskId : op.met.taskId)),
    );
    const gates = await listGates(tick.tx, [...taskIds]);
    const touched = new Set<StoredGate>();
    const stale: StoredGate[] = [];
    for (const op of this.taken) {
      const gate = gates.get(op.kind === 'due' ? op.taskId : op.met.taskId);
      if (!gate) continue;
      // Its task was stopped, or an earlier op decided it: what still indexes it goes.
      if (gate.closed || gate.decision !== null) {
        stale.push(gate);
        continue;
      }
      // An event is a condition's payload; a gate met twice keeps the first.
      if (op.kind === 'event' && !(op.met.index in gate.met)) {
        gate.met[op.met.index] = op.event.payload ?? {};
      }
      if (op.kind === 'due') meetEndedSleeps(gate.conditions, gate.met, gate.startedAt, tick.now);
      touched.add(gate);
    }
    const decided: Gate[] = [];
    for (const gate of touched) {
      gate.decision = gateDecision(gate.conditions, gate.met) ?? null;
      if (gate.decision !== null) {
        gate.decidedAt = tick.now;
        gate.dueAt = null;
        decided.push(gate);
        tick.touchRun(gate.runId, gate.tenantId);
      } else {
        gate.dueAt = nextSleepDue(gate.conditions, gate.met, gate.startedAt);
      }
    }
    await writeGates(tick.tx, [...touched]);
    tick.onRollback(() => (this.afterCommit = []));
    this.afterCommit.push(() => {
      for (const gate of touched) this.deps.sleeps.set(gate.taskId, GATE_NODE, gate.dueAt);
      for (const gate of [...decided, ...stale]) {
        this.deps.events.remove(gate.tenantId, gate.taskId, GATE_NODE, gate.conditions);
      }
    });
  }

  override settle(): void {
    for (const apply of this.afterCommit) apply();
    this.afterCommit = [];
    super.settle();
  }
}
