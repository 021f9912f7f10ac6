import { useMemo } from 'react';
import { edgePathData, layoutDag } from '@/lib/dag-layout';
import { GraphArrowMarker } from '@/components/ui/graph-arrow-marker';
import { useGraphDirection } from '@/hooks/use-graph-direction';
import { cn } from '@/lib/cn';
import { runStatusStyle } from '@/lib/status';
import type { V1TaskSummary, V1WorkflowRunDetails } from '@/types/api';
import { useNow } from '@/hooks/use-now';
import { formatCompactDuration, runDurationMs } from '../utils/run-duration';
import { graphNodes } from '../utils/run-graph';

const NODE_WIDTH = 200;
const NODE_HEIGHT = 44;

const DOT: Record<string, string> = {
  green: 'bg-green-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  yellow: 'bg-yellow-500',
  slate: 'bg-slate-500',
  grey: 'bg-zinc-400',
};

/**
 * The run's tasks as a graph laid out by dagre (parents left of their children; top to
 * bottom on phones). Each node shows the task's status and duration; an edge into a running
 * task is animated; clicking a node opens the task. Loaded lazily with the detail page.
 */
export default function RunGraph({
  details,
  selectedTaskId,
  onOpenTask,
}: {
  details: V1WorkflowRunDetails;
  selectedTaskId?: string | undefined;
  onOpenTask: (task: V1TaskSummary) => void;
}) {
  const direction = useGraphDirection();
  const nodes = useMemo(() => graphNodes(details), [details]);
  const layout = useMemo(
    () =>
      layoutDag(
        nodes.map((node) => ({ id: node.id, parents: node.parents })),
        { direction, width: NODE_WIDTH, height: NODE_HEIGHT },
      ),
    [nodes, direction],
  );
  const running = nodes.some((node) => node.task?.status === 'RUNNING');
  const now = useNow(running);
  const byId = new Map(nodes.map((node) => [node.id, node]));

  return (
    <div
      role="group"
      aria-label={`Task graph: ${nodes.length} ${nodes.length === 1 ? 'task' : 'tasks'}`}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-ring dark:bg-slate-900/60"
    >
      <div className="relative mx-auto" style={{ width: layout.width, height: layout.height }}>
        <svg
          aria-hidden="true"
          width={layout.width}
          height={layout.height}
          className="absolute inset-0 text-foreground/60"
        >
          <GraphArrowMarker id="run-graph-arrow" />
          {layout.edges.map((edge) => {
            const live = byId.get(edge.to)?.task?.status === 'RUNNING';
            return (
              <path
                key={`${edge.from}->${edge.to}`}
                d={edgePathData(edge.points, direction)}
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                strokeDasharray={live ? '6 4' : undefined}
                className={live ? 'animate-[dash-flow_1s_linear_infinite]' : undefined}
                markerEnd="url(#run-graph-arrow)"
              />
            );
          })}
        </svg>
        <ul aria-label="Tasks">
          {layout.nodes.map((position) => {
            const node = byId.get(position.id);
            if (!node) return null;
            const task = node.task;
            const status = runStatusStyle(task?.status ?? 'QUEUED');
            const took = task ? runDurationMs(task, now) : undefined;
            return (
              <li
                key={position.id}
                className="absolute"
                style={{
                  left: position.x,
                  top: position.y,
                  width: NODE_WIDTH,
                  height: NODE_HEIGHT,
                }}
              >
                <button
                  type="button"
                  disabled={!task}
                  onClick={() => task && onOpenTask(task)}
                  title={task ? `${node.name}: ${status.label}` : `${node.name}: not created yet`}
                  data-task-node={node.name}
                  className={cn(
                    'flex size-full items-center gap-2 rounded-md border bg-white px-3 font-mono text-xs font-bold opacity-90 shadow-sm transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring dark:bg-zinc-950',
                    task?.status === 'RUNNING'
                      ? 'border-yellow-500/70 shadow-yellow-500/20'
                      : 'border-border',
                    selectedTaskId && task?.metadata.id === selectedTaskId && 'ring-2 ring-primary',
                    !task && 'cursor-default border-dashed opacity-60',
                  )}
                >
                  <span
                    className={cn(
                      'size-1.5 shrink-0 rounded-full',
                      DOT[status.tone],
                      task?.status === 'RUNNING' && 'animate-pulse',
                    )}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1 truncate text-left">{node.name}</span>
                  <span className="sr-only">{status.label}</span>
                  {took !== undefined ? (
                    <span className="shrink-0 font-normal text-muted-foreground">
                      {formatCompactDuration(took)}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
