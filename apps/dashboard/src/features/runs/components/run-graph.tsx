import { Hourglass } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { edgePathData, layoutDag } from '@/lib/dag-layout';
import { GraphArrowMarker } from '@/components/ui/graph-arrow-marker';
import { statusDotClass } from '@/components/ui/status-badge';
import { useGraphDirection } from '@/hooks/use-graph-direction';
import { cn } from '@/lib/cn';
import { taskStatusStyle } from '@/lib/status';
import type { V1TaskSummary, V1WorkflowRunDetails } from '@/types/api';
import { useNow } from '@/hooks/use-now';
import { currentEviction } from '../utils/eviction';
import { formatCompactDuration, runDurationMs } from '../utils/run-duration';
import {
  NAME_ROW_HEIGHT,
  NODE_WIDTH,
  edgeLabelSize,
  graphNodes,
  nodeHeight,
} from '../utils/run-graph';
import type { GraphNode } from '../utils/run-graph';
import { ConditionLines } from './task-conditions';

/**
 * The run's tasks as a graph laid out by dagre (parents left of their children; top to
 * bottom on phones). Each node shows the task's status and duration, and the conditions it
 * waits on, skips or cancels on (a parent's on the edge from that parent), met ones checked;
 * a skipped task is drawn muted and dashed, as "Skipped". An edge into a running task is
 * animated; clicking a node opens the task. Loaded lazily with the detail page.
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
        nodes.map((node) => ({
          id: node.id,
          parents: node.parents,
          height: nodeHeight(node),
          edgeLabels: new Map(
            [...node.edgeConditions].map(([parent, groups]) => [parent, edgeLabelSize(groups)]),
          ),
        })),
        { direction, width: NODE_WIDTH },
      ),
    [nodes, direction],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const top = Math.min(...layout.nodes.map((node) => node.y));
  const root = layout.nodes.find((node) => node.y === top);
  const rootCentre = root ? root.x + NODE_WIDTH / 2 : 0;
  // Top to bottom (phones), the drawing is often wider than the screen and its root anywhere
  // along the top: it opens scrolled to the root rather than to the left edge. Once per
  // direction, so that refreshes leave the reader's scrolling alone.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (direction !== 'TB' || !box || box.scrollWidth <= box.clientWidth) return;
    const inner = box.firstElementChild as HTMLElement | null;
    box.scrollLeft = (inner?.offsetLeft ?? 0) + rootCentre - box.clientWidth / 2;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per direction
  }, [direction]);
  const running = nodes.some((node) => node.task?.status === 'RUNNING');
  const now = useNow(running);
  const byId = new Map(nodes.map((node) => [node.id, node]));

  return (
    <div
      ref={scroller}
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
            const target = byId.get(edge.to);
            const live = target?.task?.status === 'RUNNING';
            return (
              <path
                key={`${edge.from}->${edge.to}`}
                d={edgePathData(edge.points, direction)}
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                strokeDasharray={live ? '6 4' : undefined}
                // Into a skipped task nothing flowed: the edge fades with it.
                opacity={target?.gateState === 'skipped' ? 0.4 : undefined}
                className={live ? 'animate-[dash-flow_1s_linear_infinite]' : undefined}
                markerEnd="url(#run-graph-arrow)"
              />
            );
          })}
        </svg>
        {layout.edges.map((edge) => {
          const target = byId.get(edge.to);
          const groups = target?.edgeConditions.get(edge.from);
          if (!target || !groups || !edge.label) return null;
          const { x, y, width, height } = edge.label;
          return (
            <ConditionLines
              key={`${edge.from}->${edge.to}`}
              groups={groups}
              waiting={target.gateState === 'waiting'}
              compact
              label={`Conditions of ${target.name} on ${byId.get(edge.from)?.name ?? 'its parent'}`}
              className="absolute content-center rounded-md border border-border bg-white px-1.5 shadow-sm dark:bg-zinc-950"
              style={{ left: x, top: y, width, height }}
            />
          );
        })}
        <ul aria-label="Tasks">
          {layout.nodes.map((position) => {
            const node = byId.get(position.id);
            if (!node) return null;
            return (
              <li
                key={position.id}
                className="absolute"
                style={{
                  left: position.x,
                  top: position.y,
                  width: NODE_WIDTH,
                  height: position.height,
                }}
              >
                <TaskNode
                  node={node}
                  now={now}
                  selected={Boolean(selectedTaskId && node.task?.metadata.id === selectedTaskId)}
                  onOpenTask={onOpenTask}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/**
 * One task: its status dot, name, and on the right its duration, or what its conditions
 * decided ("Skipped", "Cancelled") or that it waits on them; under them, its conditions. The
 * name is a button stretched over the whole card, so that all of it opens the task.
 */
function TaskNode({
  node,
  now,
  selected,
  onOpenTask,
}: {
  node: GraphNode;
  now: number;
  selected: boolean;
  onOpenTask: (task: V1TaskSummary) => void;
}) {
  const task = node.task;
  const status = taskStatusStyle(task ?? { status: 'QUEUED' });
  const took = task ? runDurationMs(task, now) : undefined;
  const skipped = node.gateState === 'skipped';
  const conditionTitles = node.conditions.flatMap((group) =>
    group.alternatives.map((item) => item.detail),
  );
  const title = [
    task ? `${node.name}: ${status.label}` : `${node.name}: not created yet`,
    ...conditionTitles,
  ].join('\n');
  return (
    <div
      className={cn(
        'relative flex size-full flex-col rounded-md border bg-white px-3 font-mono text-xs opacity-90 shadow-sm transition-opacity hover:opacity-100 dark:bg-zinc-950',
        task?.status === 'RUNNING' ? 'border-yellow-500/70 shadow-yellow-500/20' : 'border-border',
        skipped &&
          'border-dashed border-green-700/40 bg-slate-50 text-muted-foreground shadow-none dark:border-green-400/30 dark:bg-zinc-900',
        selected && 'ring-2 ring-primary',
        !task && 'border-dashed opacity-60',
      )}
    >
      <div
        className="flex flex-1 items-center gap-2"
        style={node.conditions.length > 0 ? { height: NAME_ROW_HEIGHT, flex: 'none' } : undefined}
      >
        <span
          className={cn(
            'size-1.5 shrink-0 rounded-full',
            statusDotClass(status.tone),
            task?.status === 'RUNNING' && 'animate-pulse',
          )}
          aria-hidden="true"
        />
        <button
          type="button"
          disabled={!task}
          onClick={() => task && onOpenTask(task)}
          title={title}
          data-task-node={node.name}
          className="min-w-0 flex-1 truncate rounded-sm text-left font-bold outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-ring disabled:cursor-default"
        >
          {node.name}
          <span className="sr-only">: {status.label}</span>
        </button>
        <NodeOutcome node={node} took={took} />
      </div>
      {node.conditions.length > 0 ? (
        <ConditionLines
          groups={node.conditions}
          waiting={node.gateState === 'waiting'}
          compact
          label={`Conditions of ${node.name}`}
          className="font-sans"
        />
      ) : null}
    </div>
  );
}

/**
 * What the right of a node's name says: how its conditions ended it, or that they hold it;
 * else its duration, after "Evicted" while no worker holds it.
 */
function NodeOutcome({ node, took }: { node: GraphNode; took: number | undefined }) {
  const outcome = 'shrink-0 font-sans text-[11px]';
  switch (node.gateState) {
    case 'skipped':
      return (
        <span className={cn(outcome, 'text-green-800/80 dark:text-green-300/80')}>Skipped</span>
      );
    case 'cancelled':
      return <span className={cn(outcome, 'text-orange-700 dark:text-orange-300')}>Cancelled</span>;
    case 'waiting':
      return (
        <span className={cn(outcome, 'flex items-center gap-1 text-amber-700 dark:text-amber-300')}>
          <Hourglass className="size-3" aria-hidden="true" />
          Waiting
        </span>
      );
    default:
      return (
        <>
          {node.task && currentEviction(node.task) ? (
            <span className={cn(outcome, 'text-amber-700 dark:text-amber-300')}>Evicted</span>
          ) : null}
          {took !== undefined ? (
            <span className="shrink-0 text-muted-foreground">{formatCompactDuration(took)}</span>
          ) : null}
        </>
      );
  }
}
