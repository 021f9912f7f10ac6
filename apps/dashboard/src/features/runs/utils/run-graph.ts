/**
 * The nodes of a run's graph from its details: one per step of the shape, its parents
 * (the steps that list it among their children), and its task once the task exists.
 */
import type { V1TaskSummary, V1WorkflowRunDetails } from '@/types/api';

export interface GraphNode {
  /** The step id. */
  id: string;
  name: string;
  parents: string[];
  /** Absent while the step's task has not been created (its parents have not finished). */
  task?: V1TaskSummary;
}

export function graphNodes(details: Pick<V1WorkflowRunDetails, 'shape' | 'tasks'>): GraphNode[] {
  const parents = new Map<string, string[]>();
  for (const step of details.shape) {
    for (const child of step.childrenStepIds) {
      parents.set(child, [...(parents.get(child) ?? []), step.stepId]);
    }
  }
  const taskByStep = new Map(details.tasks.map((task) => [task.stepId, task]));
  const taskById = new Map(details.tasks.map((task) => [task.metadata.id, task]));
  const nodes: GraphNode[] = details.shape.map((step) => {
    const task = taskById.get(step.taskExternalId) ?? taskByStep.get(step.stepId);
    return {
      id: step.stepId,
      name: step.taskName,
      parents: parents.get(step.stepId) ?? [],
      ...(task ? { task } : {}),
    };
  });
  // A standalone task's run may come without a shape: it is a graph of one.
  if (nodes.length === 0) {
    return details.tasks.map((task) => ({
      id: task.stepId ?? task.metadata.id,
      name: task.displayName,
      parents: [],
      task,
    }));
  }
  return nodes;
}
