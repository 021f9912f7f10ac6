/**
 * Positions tasks (a workflow version's, or a run's) as a graph with dagre: ranks follow the parent -> child
 * edges, so a task always sits right of its parents (left-to-right) or below them
 * (top-to-bottom, for narrow screens).
 */
import dagre from '@dagrejs/dagre';

export interface LayoutInput {
  id: string;
  parents: readonly string[];
}

export interface NodePosition {
  id: string;
  /** Top-left corner. */
  x: number;
  y: number;
}

export interface EdgePath {
  from: string;
  to: string;
  points: Array<{ x: number; y: number }>;
}

export interface DagLayout {
  nodes: NodePosition[];
  edges: EdgePath[];
  width: number;
  height: number;
}

export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 96;

export type DagDirection = 'LR' | 'TB';

export function layoutDag(
  tasks: readonly LayoutInput[],
  options: { direction?: DagDirection; width?: number; height?: number } = {},
): DagLayout {
  const size = { width: options.width ?? NODE_WIDTH, height: options.height ?? NODE_HEIGHT };
  const direction = options.direction ?? 'LR';
  if (tasks.length === 0) return { nodes: [], edges: [], width: 0, height: 0 };
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({
    rankdir: direction,
    nodesep: 24,
    ranksep: direction === 'LR' ? 56 : 40,
    marginx: 8,
    marginy: 8,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(tasks.map((task) => task.id));
  for (const task of tasks) graph.setNode(task.id, { width: size.width, height: size.height });
  for (const task of tasks) {
    for (const parent of task.parents) {
      if (ids.has(parent)) graph.setEdge(parent, task.id);
    }
  }
  dagre.layout(graph);

  const nodes = tasks.map((task) => {
    const node = graph.node(task.id);
    return { id: task.id, x: node.x - size.width / 2, y: node.y - size.height / 2 };
  });
  const edges = graph.edges().map((edge) => ({
    from: edge.v,
    to: edge.w,
    points: (graph.edge(edge).points ?? []).map((point: { x: number; y: number }) => ({
      x: point.x,
      y: point.y,
    })),
  }));
  const label = graph.graph();
  return { nodes, edges, width: label.width ?? 0, height: label.height ?? 0 };
}

/** An SVG path through the points, as smooth curves along the graph's direction. */
export function edgePathData(
  points: ReadonlyArray<{ x: number; y: number }>,
  direction: DagDirection = 'LR',
): string {
  const [first, ...rest] = points;
  if (!first) return '';
  if (rest.length === 0) return `M${first.x},${first.y}`;
  let data = `M${first.x},${first.y}`;
  for (let i = 0; i < rest.length; i += 1) {
    const point = rest[i] as { x: number; y: number };
    const previous = i === 0 ? first : (rest[i - 1] as { x: number; y: number });
    if (direction === 'LR') {
      const midX = (previous.x + point.x) / 2;
      data += ` C${midX},${previous.y} ${midX},${point.y} ${point.x},${point.y}`;
    } else {
      const midY = (previous.y + point.y) / 2;
      data += ` C${previous.x},${midY} ${point.x},${midY} ${point.x},${point.y}`;
    }
  }
  return data;
}
