/**
 * Numbers for task ids drawn ahead from the task_ids sequence (a task's id is its run's day and
 * one of these: taskIdOf in @trellis/db). A batch that knows its new tasks' ids
 * before writing them can insert them in the same statement as their events and runtimes,
 * instead of inserting them first to learn the ids: one statement fewer per tick that triggers.
 * Ids drawn but never used (a failed tick, a stop) leave gaps, as rolled-back inserts would.
 */
import type { Queryable } from '@trellis/db';
import { reserveTaskIds } from './queries/task.queries';

/** Ids drawn per round trip to the sequence. */
const BLOCK = 1_000;

export class TaskIdPool {
  private ids: string[] = [];

  async take(tx: Queryable, count: number): Promise<string[]> {
    if (this.ids.length < count) {
      this.ids.push(...(await reserveTaskIds(tx, Math.max(BLOCK, count - this.ids.length))));
    }
    return this.ids.splice(0, count);
  }
}
