/** Task log lines (PutLog): appended with the tick's last statement, per attempt. */
import { taskLogsInsert, type NewTaskLogRow } from '../queries/task-log.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';

type LogOp = NewTaskLogRow & Operation<void>;

export class LogSystem extends BufferedSystem<LogOp> {
  /** Resolves once the line is committed. */
  request(line: NewTaskLogRow): Promise<void> {
    return this.pushAwaited(line);
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    tick.write(taskLogsInsert(this.taken.map(({ done: _done, result: _result, ...log }) => log)));
    for (const line of this.taken) tick.changes.add(line.tenantId, 'logs', line.taskId);
  }
}
