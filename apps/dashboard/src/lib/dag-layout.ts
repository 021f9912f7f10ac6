/**
 * Positions tasks (a workflow version's, or a run's) as a graph with dagre: ranks follow the parent -> child
 * edges, so a task always sits right of its parents (left-to-right) or below them
 * (top-to-bottom, for narrow screens).
 */
import dagre from '@dagrejs/dagre';

export interface Size {
  width: number;
  height: number;
}

export interface LayoutInput {
  id: string;
  parents: readonly string[];
  /** This node's height, when not the common one (the node carries more lines). */
  height?: number;
  /** Room for a label on the edge from a parent, by the parent's id. */
  edgeLabels?: ReadonlyMap<string, Size>;
}

export interface NodePosition {
  id: string;
  /** Top-left corner. */
  x: number;
  y: number;
  height: number;
}

export interface EdgePath {
  from: string;
  to: string;
  points: Array<{ x: number; y: number }>;
  /** Where the edge's label goes (its top-left corner) and its size, when it has one. */
  label?: { x: number; y: number } & Size;
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

/** Room around the drawing. */
const MARGIN = 8;

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
    marginx: MARGIN,
    marginy: MARGIN,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(tasks.map((task) => task.id));
  const heightOf = (task: LayoutInput) => task.height ?? size.height;
  for (const task of tasks) graph.setNode(task.id, { width: size.width, height: heightOf(task) });
  for (const task of tasks) {
    for (const parent of task.parents) {
      // A labelled edge gets a rank of its own for the label, so that it sits between the
      // nodes rather than over them.
      const label = task.edgeLabels?.get(parent);
      if (ids.has(parent)) graph.setEdge(parent, task.id, label ? { ...label, labelpos: 'c' } : {});
    }
  }
  dagre.layout(graph);

  const nodes = tasks.map((task) => {
    const node = graph.node(task.id);
    const height = heightOf(task);
    return { id: task.id, x: node.x - size.width / 2, y: node.y - height / 2, height };
  });
  const edges = graph.edges().map((edge) => {
    const data = graph.edge(edge);
    return {
      from: edge.v,
      to: edge.w,
      points: (data.points ?? []).map((point: { x: number; y: number }) => ({
        x: point.x,
        y: point.y,
      })),
      ...(data.width && data.x !== undefined && data.y !== undefined
        ? {
            label: {
              x: data.x - data.width / 2,
              y: data.y - data.height / 2,
              width: data.width,
              height: data.height,
            },
          }
        : {}),
    };
  });
  return fitToBounds(nodes, edges, size.width);
}

/**
 * Moves the drawing to start at the margin and sizes it to hold everything: dagre's own size
 * covers nodes and labels but not the bends of long edges, which can swing outside them.
 */
function fitToBounds(nodes: NodePosition[], edges: EdgePath[], nodeWidth: number): DagLayout {
  const xs: number[] = [];
  const ys: number[] = [];
  const box = (x: number, y: number, width: number, height: number) => {
    xs.push(x, x + width);
    ys.push(y, y + height);
  };
  for (const node of nodes) box(node.x, node.y, nodeWidth, node.height);
  for (const edge of edges) {
    for (const point of edge.points) box(point.x, point.y, 0, 0);
    if (edge.label) box(edge.label.x, edge.label.y, edge.label.width, edge.label.height);
  }
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const dx = MARGIN - minX;
  const dy = MARGIN - minY;
  const move = <T extends { x: number; y: number }>(point: T): T => ({
    ...point,
    x: point.x + dx,
    y: point.y + dy,
  });
  const moved = {
    nodes: nodes.map(move),
    edges: edges.map((edge) => ({
      ...edge,
      points: edge.points.map(move),
      ...(edge.label ? { label: move(edge.label) } : {}),
    })),
  };
  return {
    ...moved,
    width: Math.max(...xs) + dx + MARGIN,
    height: Math.max(...ys) + dy + MARGIN,
  };
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
