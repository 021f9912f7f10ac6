import { describe, expect, it } from 'vitest';
import { EngineActivity } from './activity';
import type { TaskEventType } from './task-lifecycle';

const A = 'tenant-a';
const B = 'tenant-b';
const event = (tenantId: string, eventType: TaskEventType) => ({ tenantId, eventType });

describe('EngineActivity', () => {
  it('counts runs and final task events per tenant, a retried failure not as a failure', () => {
    const activity = new EngineActivity();
    activity.count(
      [{ tenantId: A }, { tenantId: A }, { tenantId: B }],
      [
        event(A, 'QUEUED'),
        event(A, 'STARTED'),
        event(A, 'FINISHED'),
        // A failed attempt given another try: FAILED then RETRYING, in the same tick.
        event(A, 'FAILED'),
        event(A, 'RETRYING'),
        // A timeout without retries left: TIMED_OUT then FAILED.
        event(B, 'TIMED_OUT'),
        event(B, 'FAILED'),
        event(B, 'SCHEDULING_TIMED_OUT'),
        event(B, 'RATE_LIMIT_ERROR'),
        event(A, 'CANCELLED'),
        event(B, 'SKIPPED'),
        event(A, 'RETRIED_BY_USER'),
      ],
    );
    activity.count([{ tenantId: A }], [event(A, 'FAILED'), event(A, 'FINISHED')]);
    expect(Object.fromEntries(activity.byTenant)).toEqual({
      [A]: {
        runsTriggered: 3,
        tasksCompleted: 2,
        tasksFailed: 1,
        tasksCancelled: 1,
        tasksSkipped: 0,
        taskRetries: 1,
      },
      [B]: {
        runsTriggered: 1,
        tasksCompleted: 0,
        tasksFailed: 3,
        tasksCancelled: 0,
        tasksSkipped: 1,
        taskRetries: 0,
      },
    });
  });

  it('knows no tenant before it has counted anything of it', () => {
    const activity = new EngineActivity();
    activity.count([], [event(A, 'QUEUED'), event(A, 'STARTED')]);
    expect(activity.byTenant.size).toBe(0);
  });
});
