import type { WorkflowVersion } from '@/types/api';

/** One task of a workflow version, with what its node and row show. */
export interface TaskInfo {
  id: string;
  name: string;
  action: string;
  timeout?: string | undefined;
  retries?: number | undefined;
  slotRequests: Array<{ type: string; units: number }>;
  isDurable: boolean;
  parents: string[];
  children: string[];
}

/** Retries are not part of the step; the registration config carries them per task. */
function retriesByTask(config: Record<string, unknown> | undefined): Map<string, number> {
  const result = new Map<string, number>();
  const steps = config?.steps;
  if (!Array.isArray(steps)) return result;
  for (const step of steps as unknown[]) {
    if (!step || typeof step !== 'object') continue;
    const { readableId, retries } = step as { readableId?: unknown; retries?: unknown };
    if (typeof readableId === 'string' && typeof retries === 'number') {
      result.set(readableId, retries);
    }
  }
  return result;
}

/** The tasks of a version, in the order the server lists them. */
export function tasksOf(version: WorkflowVersion | undefined): TaskInfo[] {
  if (!version) return [];
  const retries = retriesByTask(version.workflowConfig);
  const steps = (version.jobs ?? []).flatMap((job) => job.steps);
  return steps.map((step) => ({
    id: step.metadata.id,
    name: step.readableId,
    action: step.action,
    timeout: step.timeout,
    retries: retries.get(step.readableId),
    slotRequests: Object.entries(step.slotRequests ?? {}).map(([type, units]) => ({
      type,
      units,
    })),
    isDurable: step.isDurable ?? false,
    parents: step.parents,
    children: step.children,
  }));
}

/** "1 default slot", "2 durable slots". */
export function slotRequestText(request: { type: string; units: number }): string {
  return `${request.units} ${request.type} slot${request.units === 1 ? '' : 's'}`;
}
