import type { TestClient } from './test-app';

/** Polls a run's status over REST until it is `status`. */
export async function waitForRunStatus(client: TestClient, runId: string, status: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await client.get<string>(`/api/v1/stable/workflow-runs/${runId}/status`);
    if (response.body === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} never reached ${status}`);
}

export interface TaskSummary {
  metadata: { id: string; createdAt: string };
  taskId: number;
  type: 'DAG' | 'TASK';
  status: string;
  displayName: string;
  taskExternalId: string;
  workflowRunExternalId: string;
  workflowId: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  children?: TaskSummary[];
  additionalMetadata?: Record<string, unknown>;
  errorMessage?: string;
  numSpawnedChildren: number;
  parentTaskExternalId?: string;
  retryCount?: number;
  attempt?: number;
  workflowConfig?: Record<string, unknown>;
  startedAt?: string;
  finishedAt?: string;
}

export interface SummaryList {
  rows: TaskSummary[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
