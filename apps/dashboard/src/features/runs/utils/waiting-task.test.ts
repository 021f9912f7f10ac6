import { describe, expect, it } from 'vitest';
import type { V1TaskSummary } from '@/types/api';
import { waitingTaskOf } from './waiting-task';

const row = (id: string, status: V1TaskSummary['status'], extra: Partial<V1TaskSummary> = {}) =>
  ({ metadata: { id }, type: 'TASK', status, ...extra }) as V1TaskSummary;

describe('the task a queued row asks about', () => {
  it("asks about a queued row's own task, or a queued DAG run's first queued task", () => {
    expect(waitingTaskOf(row('t1', 'QUEUED'))?.metadata.id).toBe('t1');
    expect(waitingTaskOf(row('t1', 'RUNNING'))).toBeUndefined();
    const dag = row('run', 'QUEUED', {
      type: 'DAG',
      children: [row('a', 'COMPLETED'), row('b', 'QUEUED'), row('c', 'QUEUED')],
    });
    expect(waitingTaskOf(dag)?.metadata.id).toBe('b');
    expect(waitingTaskOf({ ...dag, children: [] })).toBeUndefined();
  });
});
