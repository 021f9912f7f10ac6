import { Maximize2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { statusDotClass } from '@/components/ui/status-badge';
import { Tabs } from '@/components/ui/tabs';
import { tenantHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { taskStatusStyle } from '@/lib/status';
import type { V1TaskEvent, V1TaskSummary, WorkflowRunShapeItem } from '@/types/api';
import { useComposedSearchParams } from '@/hooks/use-composed-search-params';
import { currentEviction } from '../utils/eviction';
import { gateState } from '../utils/task-conditions';
import { ChildRuns } from './related-runs';
import { DurableEventLog } from './durable-event-log';
import { ErrorBlock } from './error-block';
import { EvictedBadge } from './evicted-badge';
import { ParentRunLink } from './parent-run-link';
import { RunActionButtons } from './run-action-buttons';
import { TaskEventsTable } from './task-events-table';
import { TaskConditionsBlock } from './task-conditions';
import { useTaskActions } from './task-actions-slot';
import { TaskLogs } from './task-logs';
import { TaskWaitingBlock } from './task-waiting';
import { TimingSummary } from './timing-summary';
import { WorkflowLinkButton } from './workflow-link-button';

const TAB_KEY = 'taskTab';
type TaskTab = 'output' | 'input' | 'logs' | 'children' | 'metadata';

/**
 * One task (reference 5.2.2): header with status, actions and timings, the error with its
 * stack when it failed, a DAG task's conditions (what it waits for, and since when), or why it
 * waits while queued, tabs for output, input, logs (live while running), child runs and
 * metadata, a durable task's event log (saying so when the task is evicted), then its events.
 * The open tab is in the URL (`taskTab`).
 */
export function TaskDetail({
  tenantId,
  runId,
  task,
  events,
  step,
  inPanel,
  onOpenTask,
}: {
  tenantId: string;
  /** The run the task belongs to. */
  runId: string;
  task: V1TaskSummary;
  events: V1TaskEvent[];
  /** The task's step in its run's shape: its conditions and its gate. */
  step?: Pick<WorkflowRunShapeItem, 'conditions' | 'gate'> | undefined;
  /** Shown in the side panel: offers "Expand" to the run's page. */
  inPanel: boolean;
  onOpenTask: (task: V1TaskSummary) => void;
}) {
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const taskActions = useTaskActions();
  const status = taskStatusStyle(task);
  const eviction = currentEviction(task, events);
  const conditions = step?.conditions ?? [];
  // A task held by its conditions is not the scheduler's to explain.
  const gated = gateState(task, step?.gate) === 'waiting';
  const children = task.numSpawnedChildren;
  const tabs: { value: TaskTab; label: string }[] = [
    { value: 'output', label: 'Output' },
    ...(children > 0 ? [{ value: 'children' as const, label: `Children (${children})` }] : []),
    { value: 'input', label: 'Input' },
    { value: 'logs', label: 'Logs' },
    { value: 'metadata', label: 'Additional Metadata' },
  ];
  const requested = searchParams.get(TAB_KEY) as TaskTab | null;
  const tab = tabs.some((entry) => entry.value === requested) ? requested! : 'output';
  const setTab = (next: TaskTab) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'output') params.delete(TAB_KEY);
        else params.set(TAB_KEY, next);
        return params;
      },
      { replace: true },
    );
  const runHref = tenantHref(tenantId, 'runs/:run', { run: runId });
  const ownRun = runId === task.metadata.id;

  return (
    <article
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      aria-label={`Task ${task.displayName}`}
    >
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <div className="flex min-w-0 items-center gap-2 pr-8">
          <span
            className={cn('size-2.5 shrink-0 rounded-full', statusDotClass(status.tone))}
            aria-hidden="true"
          />
          <h2 className="truncate font-mono text-lg font-semibold" title={task.displayName}>
            {task.displayName}
          </h2>
          <span className="sr-only">Status: {status.label}</span>
          <span className="text-xs text-muted-foreground" data-testid="task-status">
            {status.label}
          </span>
          {eviction ? <EvictedBadge /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1">
            <span className="whitespace-nowrap">Task ID</span>{' '}
            <code className="truncate font-mono text-foreground">{task.metadata.id}</code>
            <CopyButton value={task.metadata.id} label="task ID" className="size-7" />
          </span>
          {task.attempt && task.attempt > 1 ? <span>Attempt {task.attempt}</span> : null}
          {task.parentTaskExternalId ? (
            <ParentRunLink tenantId={tenantId} parentTaskId={task.parentTaskExternalId} />
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RunActionButtons
            tenantId={tenantId}
            externalId={task.metadata.id}
            status={task.status}
            noun="task"
          />
          {inPanel ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={ownRun ? runHref : `${runHref}?task=${encodeURIComponent(task.metadata.id)}`}
              >
                <Maximize2 aria-hidden="true" />
                Expand
              </Link>
            </Button>
          ) : null}
          <WorkflowLinkButton tenantId={tenantId} workflowId={task.workflowId} />
          {taskActions?.({ tenantId, task, events })}
        </div>
        <TimingSummary
          status={task.status}
          createdAt={task.createdAt}
          startedAt={task.startedAt}
          finishedAt={task.finishedAt}
          duration={task.duration}
        />
      </header>

      {task.status === 'FAILED' && task.errorMessage ? (
        <ErrorBlock error={task.errorMessage} />
      ) : null}
      {conditions.length > 0 ? (
        <TaskConditionsBlock task={task} conditions={conditions} gate={step?.gate} />
      ) : null}
      {task.status === 'QUEUED' && !gated ? (
        <TaskWaitingBlock tenantId={tenantId} taskId={task.metadata.id} />
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <Tabs label="Task details" items={tabs} value={tab} onChange={setTab} />
        <div role="tabpanel" aria-label={tabs.find((entry) => entry.value === tab)?.label}>
          {tab === 'output' ? (
            task.status === 'FAILED' ? (
              <p className="text-sm text-muted-foreground">
                The task failed, so it has no output; the error is shown above.
              </p>
            ) : task.status === 'COMPLETED' ? (
              <JsonView value={task.output} label="output" />
            ) : (
              <p className="text-sm text-muted-foreground">
                The output appears here when the task finishes.
              </p>
            )
          ) : tab === 'input' ? (
            <JsonView value={task.input} label="input" />
          ) : tab === 'logs' ? (
            <TaskLogs taskId={task.metadata.id} running={task.status === 'RUNNING'} />
          ) : tab === 'children' ? (
            <ChildRuns
              tenantId={tenantId}
              parentTaskId={task.metadata.id}
              onOpenTask={onOpenTask}
            />
          ) : (
            <JsonView value={task.additionalMetadata ?? {}} label="additional metadata" />
          )}
        </div>
      </div>

      <DurableEventLog
        tenantId={tenantId}
        taskId={task.metadata.id}
        status={task.status}
        eviction={eviction}
      />

      <section className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Events">
        <h3 className="text-sm font-semibold">Events</h3>
        <TaskEventsTable tenantId={tenantId} events={events} label="Task events" />
      </section>
    </article>
  );
}
