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
