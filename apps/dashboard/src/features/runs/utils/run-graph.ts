/**
 * The nodes of a run's graph from its details: one per step of the shape, its parents
 * (the steps that list it among their children), its task once the task exists, and its
 * conditions: on the node, or on the edge from the parent they test.
 */
import type { Size } from '@/lib/dag-layout';
import type { V1TaskGate, V1TaskSummary, V1WorkflowRunDetails } from '@/types/api';
import { gateState, placeConditions } from './task-conditions';
import type { ConditionGroup, GateState } from './task-conditions';

export interface GraphNode {
  /** The step id. */
  id: string;
  name: string;
  parents: string[];
  /** Absent while the step's task has not been created (its parents have not finished). */
  task?: V1TaskSummary;
  /** Conditions drawn on the node. */
  conditions: ConditionGroup[];
  /** Conditions drawn on the edge from a parent, by the parent's step id. */
  edgeConditions: Map<string, ConditionGroup[]>;
  gate?: V1TaskGate;
  gateState?: GateState;
}

export function graphNodes(details: Pick<V1WorkflowRunDetails, 'shape' | 'tasks'>): GraphNode[] {
  const parents = new Map<string, string[]>();
  for (const step of details.shape) {
    for (const child of step.childrenStepIds) {
      parents.set(child, [...(parents.get(child) ?? []), step.stepId]);
    }
  }
  const stepIdByName = new Map(details.shape.map((step) => [step.taskName, step.stepId]));
  const nameByStepId = new Map(details.shape.map((step) => [step.stepId, step.taskName]));
  const taskByStep = new Map(details.tasks.map((task) => [task.stepId, task]));
  const taskById = new Map(details.tasks.map((task) => [task.metadata.id, task]));
  const nodes: GraphNode[] = details.shape.map((step) => {
    const task = taskById.get(step.taskExternalId) ?? taskByStep.get(step.stepId);
    const stepParents = parents.get(step.stepId) ?? [];
    const placed = placeConditions(
      step.conditions ?? [],
      new Set(stepParents.map((id) => nameByStepId.get(id) ?? id)),
    );
    const state = gateState(task, step.gate);
    return {
      id: step.stepId,
      name: step.taskName,
      parents: stepParents,
      ...(task ? { task } : {}),
      conditions: placed.node,
      edgeConditions: new Map(
        [...placed.edges].map(([parent, groups]) => [stepIdByName.get(parent)!, groups]),
      ),
      ...(step.gate ? { gate: step.gate } : {}),
      ...(state ? { gateState: state } : {}),
    };
  });
  // A standalone task's run may come without a shape: it is a graph of one.
  if (nodes.length === 0) {
    return details.tasks.map((task) => ({
      id: task.stepId ?? task.metadata.id,
      name: task.displayName,
      parents: [],
      task,
      conditions: [],
      edgeConditions: new Map(),
    }));
  }
  return nodes;
}

/** Node sizes: a row for the name, then a line per condition drawn on the node. */
export const NODE_WIDTH = 240;
const NODE_HEIGHT = 42;
/** The name's row when conditions follow it. */
export const NAME_ROW_HEIGHT = 30;
/** A line of a compact ConditionLines (its `h-4`). */
const CONDITION_LINE = 16;
const CONDITIONS_BOTTOM = 8;

const lineCount = (groups: readonly ConditionGroup[]) =>
  groups.reduce((count, group) => count + group.alternatives.length, 0);

export function nodeHeight(node: Pick<GraphNode, 'conditions'>): number {
  const lines = lineCount(node.conditions);
  return lines > 0 ? NAME_ROW_HEIGHT + lines * CONDITION_LINE + CONDITIONS_BOTTOM : NODE_HEIGHT;
}

/** Widest an edge's label grows before its lines are cut short (their titles say them whole). */
const EDGE_LABEL_MAX_WIDTH = 240;
/** An estimate of the label's text: small sans-serif runs about 6 px a character. */
const CHAR_WIDTH = 6;
/** The mark, the "or" and the padding beside a line's text. */
const LINE_CHROME = 40;
const EDGE_LABEL_PADDING = 6;

/** Room for the conditions drawn on an edge, for the layout to keep free. */
export function edgeLabelSize(groups: readonly ConditionGroup[]): Size {
  const longest = Math.max(
    ...groups.flatMap((group) => group.alternatives.map((item) => item.text.length)),
  );
  return {
    width: Math.min(EDGE_LABEL_MAX_WIDTH, longest * CHAR_WIDTH + LINE_CHROME),
    height: lineCount(groups) * CONDITION_LINE + EDGE_LABEL_PADDING,
  };
}
