/**
 * A DAG task's conditions in words, as the run graph and the task panel show them: "waits 2s",
 * "waits for event order:confirmed", "skip if event order:trusted", "skip if output.amount >
 * 100" (on the edge from that parent); the alternatives of an or-group together; each marked
 * met or not; and what the task's gate decided.
 */
import type {
  V1TaskCondition,
  V1TaskConditionAction,
  V1TaskGate,
  V1TaskSummary,
} from '@/types/api';

export interface ConditionItem {
  condition: V1TaskCondition;
  /** Short, for the graph: without an event's filter. */
  text: string;
  /** In full, for the panel and titles: with an event's filter. */
  detail: string;
}

/** One or-group of one action: met when any of its alternatives is. */
export interface ConditionGroup {
  action: V1TaskConditionAction;
  alternatives: ConditionItem[];
  met: boolean;
}

const AFTER: Record<V1TaskConditionAction, string> = {
  QUEUE: 'waits',
  SKIP: 'skip after',
  CANCEL: 'cancel after',
};
const ON_EVENT: Record<V1TaskConditionAction, string> = {
  QUEUE: 'waits for event',
  SKIP: 'skip if event',
  CANCEL: 'cancel if event',
};
const IF: Record<V1TaskConditionAction, string> = {
  QUEUE: 'run if',
  SKIP: 'skip if',
  CANCEL: 'cancel if',
};
const ONCE: Record<V1TaskConditionAction, string> = {
  QUEUE: 'run once',
  SKIP: 'skip once',
  CANCEL: 'cancel once',
};

/**
 * A condition in words. A parent's is said on the edge from that parent (`onEdge`), where its
 * name goes without saying; elsewhere it is named. A parent condition without an expression
 * is met as soon as the parent is done.
 */
export function conditionItem(condition: V1TaskCondition, onEdge = false): ConditionItem {
  const { action } = condition;
  switch (condition.kind) {
    case 'SLEEP': {
      const text = `${AFTER[action]} ${condition.sleepFor ?? ''}`.trim();
      return { condition, text, detail: text };
    }
    case 'USER_EVENT': {
      const text = `${ON_EVENT[action]} ${condition.eventKey ?? ''}`.trim();
      const where = condition.expression ? ` where ${condition.expression}` : '';
      return { condition, text, detail: `${text}${where}` };
    }
    case 'PARENT': {
      const parent = condition.parentReadableId ?? 'its parent';
      const text = condition.expression
        ? `${IF[action]} ${onEdge ? '' : `${parent}: `}${condition.expression}`
        : `${ONCE[action]} ${onEdge ? 'done' : `${parent} is done`}`;
      return { condition, text, detail: text };
    }
  }
}

/** Conditions by or-group (of one action), in the order the groups first appear. */
function orGroups(conditions: readonly V1TaskCondition[]): V1TaskCondition[][] {
  const groups = new Map<string, V1TaskCondition[]>();
  for (const condition of conditions) {
    const id = `${condition.action}:${condition.orGroupId}`;
    groups.set(id, [...(groups.get(id) ?? []), condition]);
  }
  return [...groups.values()];
}

function toGroup(conditions: readonly V1TaskCondition[], onEdge: boolean): ConditionGroup {
  return {
    action: conditions[0]!.action,
    alternatives: conditions.map((condition) => conditionItem(condition, onEdge)),
    met: conditions.some((condition) => condition.met),
  };
}

/** A task's conditions by or-group, each parent's named: the task panel's list. */
export function conditionGroups(conditions: readonly V1TaskCondition[]): ConditionGroup[] {
  return orGroups(conditions).map((group) => toGroup(group, false));
}

/** Where the graph draws a task's conditions. */
export interface PlacedConditions {
  /** On the task's node: sleeps, events, and parent conditions without an edge to draw. */
  node: ConditionGroup[];
  /** On the edge from each parent (by readable id): that parent's conditions. */
  edges: Map<string, ConditionGroup[]>;
}

/**
 * Parent conditions go on the edge from their parent when the graph draws one and the group
 * is that parent's alone; the rest go on the node.
 */
export function placeConditions(
  conditions: readonly V1TaskCondition[],
  parentsWithEdges: ReadonlySet<string>,
): PlacedConditions {
  const placed: PlacedConditions = { node: [], edges: new Map() };
  for (const group of orGroups(conditions)) {
    const parents = new Set(group.map((condition) => condition.parentReadableId));
    const [parent] = parents;
    const onEdge =
      group.every((condition) => condition.kind === 'PARENT') &&
      parents.size === 1 &&
      parent !== undefined &&
      parentsWithEdges.has(parent);
    if (onEdge) {
      placed.edges.set(parent, [...(placed.edges.get(parent) ?? []), toGroup(group, true)]);
    } else {
      placed.node.push(toGroup(group, false));
    }
  }
  return placed;
}

/** Where a task stands with its conditions. */
export type GateState = 'waiting' | 'queued' | 'skipped' | 'cancelled';

const DECISIONS: Record<V1TaskConditionAction, GateState> = {
  QUEUE: 'queued',
  SKIP: 'skipped',
  CANCEL: 'cancelled',
};

/**
 * Waiting while its gate is open; then what the gate decided. A skipped task is skipped
 * whatever its gate says: all its parents being skipped skips it too, with no condition met.
 * Undefined before its conditions start counting.
 */
export function gateState(
  task: Pick<V1TaskSummary, 'isSkipped'> | undefined,
  gate: V1TaskGate | undefined,
): GateState | undefined {
  if (task?.isSkipped) return 'skipped';
  if (gate?.decision) return DECISIONS[gate.decision];
  if (gate?.waitingSince && !gate.decidedAt) return 'waiting';
  return undefined;
}
