import { API_BASE, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { V1TaskSummary } from '@/types/api';

/** The run an id belongs to: the run itself, or the run of the task with that id. */
export interface FoundRun {
  runId: string;
  kind: 'run' | 'task';
}

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * GET /api/v1/stable/workflow-runs/{id}, then GET /api/v1/stable/tasks/{id}. Undefined when
 * neither knows the id; other failures are thrown.
 */
export async function findRunById(id: string, signal?: AbortSignal): Promise<FoundRun | undefined> {
  const encoded = encodeURIComponent(id);
  try {
    await api.get<unknown>(`${API_BASE}/stable/workflow-runs/${encoded}`, { signal });
    return { runId: id, kind: 'run' };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  try {
    const task = await api.get<V1TaskSummary>(`${API_BASE}/stable/tasks/${encoded}`, { signal });
    return { runId: task.workflowRunExternalId, kind: 'task' };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  return undefined;
}
