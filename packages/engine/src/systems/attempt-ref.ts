/** What names one attempt of a task in the engine's operations. */
export interface AttemptRef {
  tenantId: string;
  taskId: string;
  retryCount: number;
}
