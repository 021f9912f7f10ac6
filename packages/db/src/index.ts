export type { Database, DatabaseKind, Queryable, QueryResult } from './database';
export { TransactionAbortedError } from './database';
export { openDatabase } from './open-database';
export type { OpenDatabaseOptions } from './open-database';
export { openPgliteDatabase } from './pglite-database';
export type { PgliteDatabaseOptions } from './pglite-database';
export { DataDirLockedError } from './data-dir-lock';
export { openPostgresDatabase } from './postgres-database';
export type { PostgresDatabaseOptions } from './postgres-database';
export { migrate } from './migrate';
export type { AppliedMigration, MigrateOptions } from './migrate';
export { withStatementCounts } from './counting-database';
export type { DatabaseStats } from './counting-database';
export { startPgliteMaintenance, PGLITE_MAINTENANCE_DEFAULTS } from './pglite-maintenance';
export type { PgliteMaintenanceOptions } from './pglite-maintenance';
export {
  startHistoryPartitions,
  maintainHistoryPartitions,
  HISTORY_TABLES,
  DAILY_TABLES,
  HISTORY_PARTITION_DEFAULTS,
} from './history-partitions';
export type { HistoryPartitionsOptions, HistoryPassResult } from './history-partitions';
export {
  DAY_MS,
  newRunId,
  newTaskExternalId,
  taskIdOf,
  dayOfRunId,
  runIdRangeOfDay,
  taskIdRangeOfDay,
  taskIdRangeOfExternalId,
  taskIdRangeOfRuns,
  taskIdSpan,
  runIdSpanOfTasks,
  runIdSpanOfExternalIds,
  sqlTaskInRunDay,
} from './day-ids';
