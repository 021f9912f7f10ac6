import { describe, expect, it } from 'vitest';
import {
  runStatusStyle,
  scheduledRunStatusStyle,
  stepRunStatusStyle,
  taskStatusStyle,
  workerStatusStyle,
  workflowStateStyle,
} from './status';

describe('status styles', () => {
  it('names and colours run statuses', () => {
    expect(runStatusStyle('COMPLETED')).toEqual({ label: 'Succeeded', tone: 'green' });
    expect(runStatusStyle('FAILED').tone).toBe('red');
    expect(runStatusStyle('CANCELLED').tone).toBe('orange');
    expect(runStatusStyle('RUNNING').tone).toBe('yellow');
    expect(runStatusStyle('QUEUED').tone).toBe('slate');
    expect(runStatusStyle(undefined)).toEqual({ label: 'Unknown', tone: 'grey' });
  });

  it('shows a skipped task as Skipped, in muted green, not Succeeded', () => {
    expect(taskStatusStyle({ status: 'COMPLETED', isSkipped: true })).toEqual({
      label: 'Skipped',
      tone: 'sage',
    });
    expect(taskStatusStyle({ status: 'COMPLETED', isSkipped: false }).label).toBe('Succeeded');
    expect(taskStatusStyle({ status: 'RUNNING' }).label).toBe('Running');
  });

  it('shows a scheduled run as Scheduled until it fires, then in the older vocabulary', () => {
    expect(scheduledRunStatusStyle(undefined)).toEqual({ label: 'Scheduled', tone: 'slate' });
    expect(scheduledRunStatusStyle('SUCCEEDED')).toEqual({ label: 'Succeeded', tone: 'green' });
    expect(scheduledRunStatusStyle('FAILED').tone).toBe('red');
    expect(scheduledRunStatusStyle('RUNNING').tone).toBe('yellow');
    expect(scheduledRunStatusStyle('SOMETHING')).toEqual({ label: 'Unknown', tone: 'grey' });
  });

  it('maps step-run statuses', () => {
    expect(stepRunStatusStyle('SUCCEEDED').label).toBe('Succeeded');
    expect(stepRunStatusStyle('PENDING_ASSIGNMENT').label).toBe('Pending');
    expect(stepRunStatusStyle('WHATEVER').label).toBe('Unknown');
  });

  it('colours worker statuses: active green, inactive grey, paused amber', () => {
    expect(workerStatusStyle('ACTIVE')).toEqual({ label: 'Active', tone: 'green' });
    expect(workerStatusStyle('INACTIVE')).toEqual({ label: 'Inactive', tone: 'grey' });
    expect(workerStatusStyle('PAUSED')).toEqual({ label: 'Paused', tone: 'amber' });
    expect(workerStatusStyle(undefined).label).toBe('Unknown');
  });

  it('shows a workflow as active or paused', () => {
    expect(workflowStateStyle(true).label).toBe('Paused');
    expect(workflowStateStyle(false).label).toBe('Active');
  });
});
