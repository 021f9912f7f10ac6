export { Engine, ENGINE_DEFAULTS } from './engine';
export { TENANT_SHARDS, scopeIncludes, shardOfTenant, type TenantScope } from './tenant-scope';
export {
  LEASE_CHANNEL,
  LEASE_DEFAULTS,
  ShardLeases,
  shardLeaseName,
  type LeaseAddresses,
  type ShardEnd,
  type ShardLeasesOptions,
  type TenantHome,
} from './shard-leases';
export { routeByTenant, type EngineApi, type RoutedEngines } from './tenant-routed-engine';
export type { EngineOptions, FinishedRun } from './engine';
export type { TenantActivity, TickObservation } from './activity';
export { EngineError, type IdempotencyCollisions } from './errors';
export { SCHEDULE_REFUSALS, type CronRequest, type ScheduleRequest } from './timed-triggers';
export type { EngineErrorCode } from './errors';
export type { WorkerStream } from './worker-pool';
export { formatDuration, parseDuration } from './durations';
export type {
  ConcurrencyDefinition,
  ConcurrencyInput,
  ConcurrencyStrategy,
  ConcurrencyClaim,
} from './concurrency';
export type {
  DefaultFilter,
  TaskDefinitionInput,
  WorkflowDefinitionInput,
} from './workflow-definition';
export type { RunStatus, TaskEventType, TaskStatus } from './task-lifecycle';
export { isFinal } from './task-lifecycle';
export type * from './types';
export { systemClock } from './types';
/** For writers of history outside the engine (the seed), so engine inserts continue after them. */
export { reserveTaskIds } from './queries/task.queries';
/** The engine's rows of a run and a step: readers outside it (read models, the seed) derive theirs. */
export type { NewRunRow, RunRow } from './queries/run.queries';
export type { StepRow } from './queries/workflow.queries';
/** For the seed, which registers workflows through the engine and reads their steps back. */
export { listVersionSteps } from './queries/workflow.queries';
export type { WaitingExplanation, WaitingReason } from './waiting-reason';
export type { ChangeListener, TenantChanges } from './changes';
export { refilled, windowLabel, type RateLimitInput } from './rate-limits';
export type { DesiredLabel, DesiredLabelInput, LabelMatch, Placement } from './placement';
export { matchLabels } from './placement';
/** Durable tasks, for the DurableTask stream. */
export type { DurableCallInput, DurableStream } from './durable-tasks';
export type {
  DurableBranch,
  DurableCallAnswer,
  DurableCompletion,
  DurableRef,
  DurableSpawnAnswer,
} from './systems/durable';
export type { WaitConditionInput } from './durable-conditions';
export type { TaskConditionInput, TaskConditionsInput } from './task-conditions';
