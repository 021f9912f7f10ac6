import { describe, expect, it } from 'vitest';
import type { V1TaskSummary, WorkflowRunShapeItem } from '@/types/api';
import { edgeLabelSize, graphNodes, nodeHeight } from './run-graph';

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

  it('draws a task’s conditions on its node, and a parent’s on the edge from that parent', () => {
    const shape: WorkflowRunShapeItem[] = [
      { stepId: 's1', taskName: 'received', childrenStepIds: ['s2'], taskExternalId: 't1' },
      {
        stepId: 's2',
        taskName: 'large-order',
        childrenStepIds: [],
        taskExternalId: 't2',
        conditions: [
          {
            action: 'SKIP',
            kind: 'PARENT',
            orGroupId: 'g0',
            readableDataKey: 'parent-received',
            parentReadableId: 'received',
            expression: 'output.amount <= 100',
            met: true,
          },
          {
            action: 'QUEUE',
            kind: 'SLEEP',
            orGroupId: 'g1',
            readableDataKey: 'sleep',
            sleepFor: '2s',
            met: false,
          },
        ],
        gate: {
          waitingSince: '2026-05-01T10:00:00.000Z',
          decidedAt: '2026-05-01T10:00:00.000Z',
          decision: 'SKIP',
        },
      },
    ];
    const [received, large] = graphNodes({ shape, tasks: [task('t1', 's1'), task('t2', 's2')] });
    expect(received!.conditions).toEqual([]);
    expect(received!.gateState).toBeUndefined();
    expect(large!.conditions.map((group) => group.alternatives[0]!.text)).toEqual(['waits 2s']);
    const onEdge = large!.edgeConditions.get('s1')!;
    expect(onEdge.map((group) => [group.alternatives[0]!.text, group.met])).toEqual([
      ['skip if output.amount <= 100', true],
    ]);
    expect(large!.gateState).toBe('skipped');
  });
});

describe('run graph sizes', () => {
  const sleeps = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      action: 'QUEUE' as const,
      alternatives: [
        {
          condition: {
            action: 'QUEUE' as const,
            kind: 'SLEEP' as const,
            orGroupId: `g${index}`,
            readableDataKey: 'sleep',
            met: false,
          },
          text: 'waits 2s',
          detail: 'waits 2s',
        },
      ],
      met: false,
    }));

  it('grows a node by a line per condition', () => {
    const plain = nodeHeight({ conditions: [] });
    expect(nodeHeight({ conditions: sleeps(2) }) - nodeHeight({ conditions: sleeps(1) })).toBe(16);
    expect(nodeHeight({ conditions: sleeps(1) })).toBeGreaterThan(plain);
  });

  it('sizes an edge’s label to its longest line, within a bound', () => {
    const [short] = sleeps(1);
    const long = {
      ...short!,
      alternatives: [{ ...short!.alternatives[0]!, text: 'x'.repeat(200) }],
    };
    expect(edgeLabelSize([short!]).width).toBeLessThan(edgeLabelSize([long]).width);
    expect(edgeLabelSize([long]).width).toBe(240);
    expect(edgeLabelSize(sleeps(2)).height).toBeGreaterThan(edgeLabelSize(sleeps(1)).height);
  });
});
