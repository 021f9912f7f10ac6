import { Clock, Layers, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { GraphArrowMarker } from '@/components/ui/graph-arrow-marker';
import { useGraphDirection } from '@/hooks/use-graph-direction';
import { cn } from '@/lib/cn';
import { NODE_HEIGHT, NODE_WIDTH, edgePathData, layoutDag } from '@/lib/dag-layout';
import type { TaskInfo } from '../utils/task-info';
import { slotRequestText } from '../utils/task-info';

/**
 * The tasks of a workflow version as a graph, parents before their children. Nodes are
 * HTML over an SVG of the edges; the box scrolls sideways (and by keyboard) when wide.
 */
export function WorkflowDag({ tasks }: { tasks: TaskInfo[] }) {
  const direction = useGraphDirection();
  const layout = useMemo(
    () =>
      layoutDag(
        tasks.map((task) => ({ id: task.name, parents: task.parents })),
        { direction },
      ),
    [tasks, direction],
  );
  const byName = new Map(tasks.map((task) => [task.name, task]));
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={`Task graph: ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}
      className="overflow-x-auto rounded-lg border border-border bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:16px_16px] p-3 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="relative" style={{ width: layout.width, height: layout.height }}>
        <svg
          aria-hidden="true"
          width={layout.width}
          height={layout.height}
          className="absolute inset-0 text-muted-foreground/70"
        >
          <GraphArrowMarker id="dag-arrow" />
          {layout.edges.map((edge) => (
            <path
              key={`${edge.from}->${edge.to}`}
              data-edge={`${edge.from}->${edge.to}`}
              d={edgePathData(edge.points, direction)}
              fill="none"
              stroke="currentColor"
              strokeWidth={1.5}
              markerEnd="url(#dag-arrow)"
            />
          ))}
        </svg>
        <ul aria-label="Tasks">
          {layout.nodes.map((node) => {
            const task = byName.get(node.id);
            if (!task) return null;
            return (
              <li
                key={node.id}
                data-task={task.name}
                aria-label={`Task ${task.name}`}
                className={cn(
                  'absolute flex flex-col gap-1 overflow-hidden rounded-lg border border-border bg-surface-raised px-3 py-2 shadow-sm',
                  task.isDurable && 'border-dashed',
                )}
                style={{ left: node.x, top: node.y, width: NODE_WIDTH, height: NODE_HEIGHT }}
              >
                <p className="truncate text-[13px] font-semibold text-foreground" title={task.name}>
                  {task.name}
                </p>
                <p
                  className="truncate font-mono text-[11px] text-muted-foreground"
                  title={task.action}
                >
                  {task.action}
                </p>
                <p className="mt-auto flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[11px] text-muted-foreground">
                  {task.timeout ? (
                    <span className="inline-flex items-center gap-1" title="Execution timeout">
                      <Clock className="size-3" aria-hidden="true" />
                      <span className="sr-only">Timeout </span>
                      {task.timeout}
                    </span>
                  ) : null}
                  {task.retries !== undefined ? (
                    <span className="inline-flex items-center gap-1" title="Retries">
                      <RotateCcw className="size-3" aria-hidden="true" />
                      {task.retries} {task.retries === 1 ? 'retry' : 'retries'}
                    </span>
                  ) : null}
                  {task.slotRequests.map((request) => (
                    <span
                      key={request.type}
                      className="inline-flex items-center gap-1"
                      title="Slots this task takes on a worker"
                    >
                      <Layers className="size-3" aria-hidden="true" />
                      {slotRequestText(request)}
                    </span>
                  ))}
                  {task.isDurable ? <span>durable</span> : null}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
