import { describe, expect, it } from 'vitest';
import {
  CANCELLED_BY_CONDITION,
  descendantsOf,
  PARENT_FAILED,
  PARENTS_SKIPPED,
  planRunProgress,
  SKIPPED_BY_CONDITION,
  type DagTask,
} from './dag';
import type { TaskCondition } from './task-conditions';

const task = (
  id: string,
  status: DagTask['status'],
  parents: string[] = [],
  isOnFailure = false,
  extra: Partial<DagTask> = {},
): DagTask => ({
  id,
  readableId: id,
  status,
  parents,
  isOnFailure,
  output: null,
  skipped: false,
  conditions: null,
  ...extra,
});

const when = (conditions: TaskCondition[]) => ({ conditions });
const sleep = (action: TaskCondition['action'], orGroup = 'g0', sleepMs = 1000): TaskCondition => ({
  kind: 'SLEEP',
  action,
  orGroup,
  key: 'sleep',
  sleepMs,
});
const onParent = (
  action: TaskCondition['action'],
  parent: string,
  expression: string,
  orGroup = 'g1',
): TaskCondition => ({
  kind: 'PARENT',
  action,
  orGroup,
  key: `parent-${parent}`,
  parent,
  expression,
});

describe('planRunProgress', () => {
  it('queues a task once all its parents completed', () => {
    const plan = planRunProgress(
      [
        task('a', 'COMPLETED'),
        task('b', 'RUNNING'),
        task('c', 'PENDING', ['a']),
        task('d', 'PENDING', ['a', 'b']),
      ],
      false,
    );
    expect(plan).toEqual({
      queue: ['c'],
      skip: [],
      cancel: [],
      arm: [],
      decided: [],
      createOnFailure: false,
      runStatus: undefined,
    });
  });

  it('cancels every pending descendant of a failed task and finishes the run as FAILED', () => {
    const plan = planRunProgress(
      [task('a', 'FAILED'), task('b', 'PENDING', ['a']), task('c', 'PENDING', ['b'])],
      false,
    );
    expect(plan.cancel).toEqual([
      { id: 'b', why: PARENT_FAILED },
      { id: 'c', why: PARENT_FAILED },
    ]);
    expect(plan.runStatus).toBe('FAILED');
  });

  it('creates the on-failure task once, and finishes only after it', () => {
    expect(planRunProgress([task('a', 'FAILED')], true)).toMatchObject({
      createOnFailure: true,
      runStatus: undefined,
    });
    expect(
      planRunProgress([task('a', 'FAILED'), task('f', 'QUEUED', [], true)], true).runStatus,
    ).toBeUndefined();
    expect(
      planRunProgress([task('a', 'FAILED'), task('f', 'COMPLETED', [], true)], true),
    ).toMatchObject({
      createOnFailure: false,
      runStatus: 'FAILED',
    });
  });

  it('completes a run whose tasks all completed; a cancel wins over completion', () => {
    expect(planRunProgress([task('a', 'COMPLETED')], true).runStatus).toBe('COMPLETED');
    expect(planRunProgress([task('a', 'COMPLETED'), task('b', 'CANCELLED')], false).runStatus).toBe(
      'CANCELLED',
    );
  });
});

describe('planRunProgress with conditions', () => {
  it('starts counting a waiting task once its parents completed, with what is met already', () => {
    const plan = planRunProgress(
      [task('a', 'COMPLETED'), task('b', 'PENDING', ['a'], false, when([sleep('QUEUE')]))],
      false,
    );
    expect(plan).toMatchObject({ queue: [], arm: [{ id: 'b', met: {} }], runStatus: undefined });
  });

  it('keeps a task with an open gate waiting, and applies a decided one', () => {
    const tasks = [
      task('a', 'COMPLETED'),
      task('b', 'PENDING', ['a'], false, when([sleep('QUEUE')])),
    ];
    expect(planRunProgress(tasks, false, new Map([['b', { decision: null }]]))).toMatchObject({
      queue: [],
      arm: [],
    });
    expect(planRunProgress(tasks, false, new Map([['b', { decision: 'QUEUE' }]])).queue).toEqual([
      'b',
    ]);
  });

  it('skips on a parent output and cascades: a child of only skipped parents is skipped', () => {
    const plan = planRunProgress(
      [
        task('a', 'COMPLETED', [], false, { output: { amount: 500 } }),
        task(
          'small',
          'PENDING',
          ['a'],
          false,
          when([onParent('SKIP', 'a', 'output.amount > 100')]),
        ),
        task('after-small', 'PENDING', ['small']),
        task(
          'large',
          'PENDING',
          ['a'],
          false,
          when([onParent('SKIP', 'a', 'output.amount <= 100')]),
        ),
      ],
      false,
    );
    expect(plan.skip).toEqual([
      { id: 'small', why: SKIPPED_BY_CONDITION },
      { id: 'after-small', why: PARENTS_SKIPPED },
    ]);
    expect(plan.queue).toEqual(['large']);
    // Both were decided as their conditions started counting, with what met them.
    expect(plan.decided).toEqual([
      { id: 'small', met: { 0: { amount: 500 } }, action: 'SKIP' },
      { id: 'large', met: {}, action: 'QUEUE' },
    ]);
  });

  it('queues a task with some parents skipped and some completed', () => {
    const plan = planRunProgress(
      [
        task('a', 'COMPLETED', [], false, { skipped: true, output: { skipped: true } }),
        task('b', 'COMPLETED'),
        task('join', 'PENDING', ['a', 'b']),
      ],
      false,
    );
    expect(plan.queue).toEqual(['join']);
  });

  it('cancels on a met cancel condition, before a met skip; the run ends CANCELLED', () => {
    const plan = planRunProgress(
      [
        task('a', 'COMPLETED', [], false, { output: { n: 1 } }),
        task(
          'b',
          'PENDING',
          ['a'],
          false,
          when([
            onParent('SKIP', 'a', 'output.n == 1', 'g0'),
            onParent('CANCEL', 'a', 'true', 'g1'),
          ]),
        ),
      ],
      false,
    );
    expect(plan.cancel).toEqual([{ id: 'b', why: CANCELLED_BY_CONDITION }]);
    expect(plan.runStatus).toBe('CANCELLED');
  });

  it('arms a root task with conditions, and a wait already met by a parent goes at once', () => {
    expect(
      planRunProgress([task('root', 'PENDING', [], false, when([sleep('QUEUE')]))], false).arm,
    ).toEqual([{ id: 'root', met: {} }]);
    const either = when([sleep('QUEUE', 'g0'), onParent('QUEUE', 'a', 'output.ok', 'g0')]);
    const plan = planRunProgress(
      [
        task('a', 'COMPLETED', [], false, { output: { ok: true } }),
        task('b', 'PENDING', ['a'], false, either),
      ],
      false,
    );
    expect(plan.queue).toEqual(['b']);
  });
});

describe('descendantsOf', () => {
  it('follows children transitively', () => {
    const tasks = [
      task('a', 'PENDING'),
      task('b', 'PENDING', ['a']),
      task('c', 'PENDING', ['b']),
      task('x', 'PENDING'),
    ];
    expect([...descendantsOf(tasks, ['a'])].sort()).toEqual(['b', 'c']);
  });
});
