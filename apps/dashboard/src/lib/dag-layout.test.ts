import { describe, expect, it } from 'vitest';
import { NODE_WIDTH, edgePathData, layoutDag } from './dag-layout';

describe('layoutDag', () => {
  it('places children right of their parents and draws one edge per parent', () => {
    const layout = layoutDag([
      { id: 'first', parents: [] },
      { id: 'double', parents: ['first'] },
      { id: 'square', parents: ['first'] },
      { id: 'join', parents: ['double', 'square'] },
    ]);
    const x = (id: string) => layout.nodes.find((node) => node.id === id)?.x ?? NaN;
    expect(x('double')).toBeGreaterThanOrEqual(x('first') + NODE_WIDTH);
    expect(x('square')).toBe(x('double'));
    expect(x('join')).toBeGreaterThan(x('double'));
    expect(layout.edges.map((edge) => `${edge.from}->${edge.to}`).sort()).toEqual([
      'double->join',
      'first->double',
      'first->square',
      'square->join',
    ]);
    expect(layout.width).toBeGreaterThan(3 * NODE_WIDTH);
  });

  it('stacks children below their parents top-to-bottom', () => {
    const layout = layoutDag(
      [
        { id: 'a', parents: [] },
        { id: 'b', parents: ['a'] },
      ],
      { direction: 'TB' },
    );
    const [a, b] = layout.nodes;
    expect(b!.y).toBeGreaterThan(a!.y);
    expect(b!.x).toBe(a!.x);
  });

  it('gives a node its own height and a labelled edge room for its label between the nodes', () => {
    const layout = layoutDag(
      [
        { id: 'a', parents: [] },
        {
          id: 'b',
          parents: ['a'],
          height: 120,
          edgeLabels: new Map([['a', { width: 150, height: 20 }]]),
        },
      ],
      { width: 100, height: 40 },
    );
    const [a, b] = layout.nodes;
    expect([a!.height, b!.height]).toEqual([40, 120]);
    const label = layout.edges[0]!.label!;
    expect(label).toMatchObject({ width: 150, height: 20 });
    // Left to right: the label sits after the parent and before the child.
    expect(label.x).toBeGreaterThanOrEqual(a!.x + 100);
    expect(label.x + label.width).toBeLessThanOrEqual(b!.x);
  });

  it('holds every node and edge inside its size, margin included', () => {
    const layout = layoutDag(
      [
        { id: 'root', parents: [] },
        { id: 'a', parents: ['root'] },
        { id: 'b', parents: ['a'] },
        { id: 'c', parents: ['b'] },
        { id: 'join', parents: ['root', 'c'] },
        { id: 'side', parents: ['root'] },
      ],
      { direction: 'TB' },
    );
    const points = layout.edges.flatMap((edge) => edge.points);
    for (const { x, y } of [...points, ...layout.nodes]) {
      expect(x).toBeGreaterThanOrEqual(8);
      expect(y).toBeGreaterThanOrEqual(8);
    }
    for (const point of points) {
      expect(point.x).toBeLessThanOrEqual(layout.width - 8);
      expect(point.y).toBeLessThanOrEqual(layout.height - 8);
    }
    for (const node of layout.nodes) {
      expect(node.x + NODE_WIDTH).toBeLessThanOrEqual(layout.width - 8);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.height - 8);
    }
  });

  it('ignores parents that are not tasks of the version, and empty input', () => {
    expect(layoutDag([{ id: 'a', parents: ['missing'] }]).edges).toEqual([]);
    expect(layoutDag([])).toEqual({ nodes: [], edges: [], width: 0, height: 0 });
  });
});

describe('edgePathData', () => {
  it('draws curves through the points', () => {
    expect(
      edgePathData([
        { x: 0, y: 0 },
        { x: 10, y: 20 },
      ]),
    ).toBe('M0,0 C5,0 5,20 10,20');
    expect(
      edgePathData(
        [
          { x: 0, y: 0 },
          { x: 10, y: 20 },
        ],
        'TB',
      ),
    ).toBe('M0,0 C0,10 10,10 10,20');
    expect(edgePathData([])).toBe('');
  });
});
