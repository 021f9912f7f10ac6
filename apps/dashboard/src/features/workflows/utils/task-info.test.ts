import { describe, expect, it } from 'vitest';
import type { WorkflowVersion } from '@/types/api';
import { slotRequestText, tasksOf } from './task-info';

const meta = { id: 's1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

describe('tasksOf', () => {
  it('reads steps and takes retries from the registration config', () => {
    const version: WorkflowVersion = {
      metadata: meta,
      version: 'v1',
      order: 1,
      workflowId: 'w',
      workflowConfig: { steps: [{ readableId: 'first', retries: 3 }] },
      jobs: [
        {
          metadata: meta,
          tenantId: 't',
          versionId: 'v',
          name: 'dag',
          steps: [
            {
              metadata: meta,
              readableId: 'first',
              tenantId: 't',
              jobId: 'j',
              action: 'dag:first',
              timeout: '60s',
              slotRequests: { default: 1 },
              parents: [],
              children: ['second'],
            },
          ],
        },
      ],
    };
    expect(tasksOf(version)).toEqual([
      {
        id: 's1',
        name: 'first',
        action: 'dag:first',
        timeout: '60s',
        retries: 3,
        slotRequests: [{ type: 'default', units: 1 }],
        isDurable: false,
        parents: [],
        children: ['second'],
      },
    ]);
    expect(tasksOf(undefined)).toEqual([]);
  });

  it('words slot requests', () => {
    expect(slotRequestText({ type: 'default', units: 1 })).toBe('1 default slot');
    expect(slotRequestText({ type: 'durable', units: 2 })).toBe('2 durable slots');
  });
});
