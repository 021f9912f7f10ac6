export { Engine, ENGINE_DEFAULTS } from './engine';
export type { EngineOptions } from './engine';
export { EngineError } from './errors';
export type { EngineErrorCode } from './errors';
export type { WorkerStream } from './worker-pool';
export { parseDuration } from './durations';
export type { TaskDefinitionInput, WorkflowDefinitionInput } from './workflow-definition';
export type { RunStatus, TaskEventType, TaskStatus } from './task-lifecycle';
export type * from './types';
export { systemClock } from './types';
/** For writers of history outside the engine (the seed), so engine inserts continue after them. */
export { reserveTaskIds } from './queries/task.queries';
