/**
 * What an error log line says about where it happened: the tenant and, when the request names
 * one, the run and the task. Operators filter a tenant's failures with it, and go from a log
 * line to the run in the dashboard.
 */
export interface LogContext {
  tenantId?: string;
  runId?: string;
  taskId?: string;
}

/** Path parameters and message fields that name a run or a task, REST and gRPC alike. */
const RUN_FIELDS = ['run', 'workflowRun', 'workflowRunId'];
const TASK_FIELDS = ['task', 'durableTask', 'taskRunExternalId', 'stepRunId', 'taskExternalId'];

/** The context of a request for `tenantId` whose parameters or message are `fields`. */
export function logContext(tenantId: string | undefined, fields: unknown): LogContext {
  const record =
    typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
  const first = (names: readonly string[]) =>
    names
      .map((name) => record[name])
      .find((value): value is string => typeof value === 'string' && value !== '');
  const context: LogContext = {};
  if (tenantId) context.tenantId = tenantId;
  const runId = first(RUN_FIELDS);
  if (runId) context.runId = runId;
  const taskId = first(TASK_FIELDS);
  if (taskId) context.taskId = taskId;
  return context;
}

const CONTEXT = Symbol('trellis.logContext');

/** Marks an unexpected error with the context it happened in, for whoever logs it later. */
export function withLogContext(error: unknown, context: LogContext): unknown {
  if (typeof error === 'object' && error !== null && !(CONTEXT in error)) {
    Object.defineProperty(error, CONTEXT, { value: context, enumerable: false });
  }
  return error;
}

/** The context an error was marked with, if any. */
export function logContextOf(error: unknown): LogContext {
  return typeof error === 'object' && error !== null && CONTEXT in error
    ? ((error as Record<symbol, LogContext>)[CONTEXT] ?? {})
    : {};
}
