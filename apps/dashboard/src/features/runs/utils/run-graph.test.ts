import { describe, expect, it } from 'vitest';
import type { V1TaskSummary } from '@/types/api';
import { graphNodes } from './run-graph';

const task = (id: string, stepId: string): V1TaskSummary =>
  ({ metadata: { id }, stepId, displayName: id, status: 'COMPLETED' }) as V1TaskSummary;

describe('run graph nodes', () => {
  it('derives parents from the shape and attaches created tasks', () => {
    const nodes = graphNodes({
      shape: [
        { stepId: 's1', taskName: 'fetch', childrenStepIds: ['s2'], taskExternalId: 't1' },
        {
          stepId: 's2',
          taskName: 'summarize',
          childrenStepIds: [],
          taskExternalId: '00000000-0000-0000-0000-000000000000',
        },
      ],
      tasks: [task('t1', 's1')],
    });
    expect(nodes.map((node) => [node.id, node.name, node.parents, node.task?.metadata.id])).toEqual(
      [
        ['s1', 'fetch', [], 't1'],
        ['s2', 'summarize', ['s1'], undefined],
      ],
    );
  });

  it('makes a single node of a standalone task without a shape', () => {
    expect(graphNodes({ shape: [], tasks: [task('t1', 's1')] })).toMatchObject([
      { id: 's1', name: 't1', parents: [] },
    ]);
  });
});
