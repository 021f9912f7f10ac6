import { describe, expect, it } from 'vitest';
import { descendantsOf, planRunProgress, type DagTask } from './dag';

const task = (
  id: string,
  status: DagTask['status'],
  parents: string[] = [],
  isOnFailure = false,
): DagTask => ({
  id,
  readableId: id,
  status,
  parents,
  isOnFailure,
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
      cancel: [],
      createOnFailure: false,
      runStatus: undefined,
    });
  });

  it('cancels every pending descendant of a failed task and finishes the run as FAILED', () => {
    const plan = planRunProgress(
      [task('a', 'FAILED'), task('b', 'PENDING', ['a']), task('c', 'PENDING', ['b'])],
      false,
    );
    expect(plan.cancel).toEqual(['b', 'c']);
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
