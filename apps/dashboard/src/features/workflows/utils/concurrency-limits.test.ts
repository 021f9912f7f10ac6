import { describe, expect, it } from 'vitest';
import type { WorkflowVersion } from '@/types/api';
import { concurrencyLimits } from './concurrency-limits';

const version = (v1Concurrency: WorkflowVersion['v1Concurrency']): WorkflowVersion => ({
  metadata: { id: 'v1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  version: 'v1',
  order: 1,
  workflowId: 'w1',
  v1Concurrency,
});

describe('concurrency limits of a version', () => {
  it('names the scope, and prefers the max-runs expression to its number', () => {
    expect(
      concurrencyLimits(
        version([
          {
            scope: 'WORKFLOW',
            expression: 'input.customer',
            maxRuns: 2,
            limitStrategy: 'GROUP_ROUND_ROBIN',
          },
          {
            scope: 'TASK',
            stepReadableId: 'charge',
            expression: 'input.key',
            maxRuns: 1,
            maxRunsExpression: "input.tier == 'premium' ? 3 : 1",
            limitStrategy: 'CANCEL_NEWEST',
            name: 'payments',
            tenantScoped: true,
          },
        ]),
      ),
    ).toEqual([
      {
        scope: 'Workflow',
        expression: 'input.customer',
        maxRuns: '2',
        maxRunsIsExpression: false,
        strategy: 'GROUP_ROUND_ROBIN',
        name: undefined,
        tenantScoped: false,
      },
      {
        scope: 'charge',
        expression: 'input.key',
        maxRuns: "input.tier == 'premium' ? 3 : 1",
        maxRunsIsExpression: true,
        strategy: 'CANCEL_NEWEST',
        name: 'payments',
        tenantScoped: true,
      },
    ]);
  });

  it('has none for a version without limits', () => {
    expect(concurrencyLimits(version(undefined))).toEqual([]);
    expect(concurrencyLimits(undefined)).toEqual([]);
  });
});
