import { ArrowLeft, Check, Copy, SquareActivity } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ResourceLoadError } from '@/components/layout/resource-load-error';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { LoadingArea } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { Tabs } from '@/components/ui/tabs';
import { tenantHref } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/clipboard';
import { ApiError } from '@/lib/api-error';
import { isTerminalStatus, runStatusStyle } from '@/lib/status';
import type { V1TaskSummary } from '@/types/api';
import { useComposedSearchParams } from '@/hooks/use-composed-search-params';
import { useRunDetails } from '../api/get-run-details';
import { useTask } from '../api/get-task';
import type { TimingRow } from '../utils/waterfall';
import { ChildRuns } from './related-runs';
import { ErrorBlock } from './error-block';
import { RunActionButtons } from './run-action-buttons';
import { ParentRunLink } from './parent-run-link';
import { RunTimings } from './run-timings';
import { RunTriggerNote } from './run-trigger-note';
import { TaskEventsTable } from './task-events-table';
import { TimingSummary } from './timing-summary';
import { WorkflowLinkButton } from './workflow-link-button';

// dagre and the graph drawing load only when a run's page opens.
const RunGraph = lazy(() => import('./run-graph'));
const TaskPanel = lazy(() => import('./task-panel'));

type MainTab = 'overview' | 'waterfall';
type SubTab = 'activity' | 'input' | 'output' | 'metadata';

const MAIN_TABS: { value: MainTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'waterfall', label: 'Waterfall' },
];
const SUB_TABS: { value: SubTab; label: string }[] = [
  { value: 'activity', label: 'Activity' },
  { value: 'input', label: 'Input' },
  { value: 'output', label: 'Output' },
  { value: 'metadata', label: 'Additional Metadata' },
];

/**
 * A run's page (reference 5.2.1): header with status, timings and actions; the task graph;
 * activity, input, output and metadata; child runs; the waterfall. Refreshed every second
 * while it runs and every five once finished. Tabs and the open task live in the URL.
 */
export function RunDetail({ tenantId, runId }: { tenantId: string; runId: string }) {
  const details = useRunDetails(runId);
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const mainTab: MainTab = searchParams.get('tab') === 'waterfall' ? 'waterfall' : 'overview';
  const requestedSub = searchParams.get('view') as SubTab | null;
  const subTab: SubTab = SUB_TABS.some((tab) => tab.value === requestedSub)
    ? requestedSub!
    : 'activity';
  const openTaskId = searchParams.get('task') ?? undefined;
  // A task of a child run opened from inside the panel names its own run.
  const panelRunId = searchParams.get('taskRun') ?? runId;
  const listHref = tenantHref(tenantId, 'runs');

  const setParam = (key: string, value: string | undefined) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === undefined) next.delete(key);
        else next.set(key, value);
        if (key === 'task') {
          next.delete('taskTab');
          next.delete('taskRun');
        }
        return next;
      },
      { replace: key !== 'task' },
    );
  const openTask = (taskId: string | undefined) => setParam('task', taskId);
  const openTimingRow = (row: TimingRow) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('task', row.id);
      next.delete('taskTab');
      if (row.runId && row.runId !== runId) next.set('taskRun', row.runId);
      else next.delete('taskRun');
      return next;
    });
  // The id may name a task rather than a run (a flattened row, a parent link): find its run.
  const notFound = details.error instanceof ApiError && details.error.status === 404;
  const asTask = useTask(runId, notFound);

  if (details.isPending || (notFound && asTask.isPending)) {
    return <LoadingArea label="Loading run" />;
  }
  if (notFound && asTask.data) {
    const task = asTask.data;
    const runHref = tenantHref(tenantId, 'runs/:run', { run: task.workflowRunExternalId });
    return <Navigate replace to={`${runHref}?task=${encodeURIComponent(task.metadata.id)}`} />;
  }
  if (details.isError) {
    return (
      <ResourceLoadError
        error={details.error}
        retry={() => void details.refetch()}
        icon={<SquareActivity />}
        noun="Run"
        notFoundDescription={`No run with ID ${runId} in this tenant.`}
        listHref={listHref}
        listLabel="Back to runs"
      />
    );
  }

  const { run, tasks, taskEvents } = details.data;
  const status = runStatusStyle(run.status);
  const childParents = tasks.filter((task) => task.numSpawnedChildren > 0);
  const openFromList = (task: V1TaskSummary) => {
    if (task.workflowRunExternalId === runId) openTask(task.metadata.id);
  };

  return (
    <>
      <title>{`${run.displayName} · Runs · Trellis`}</title>
      <Link
        to={listHref}
        className="mb-3 inline-flex items-center gap-1 rounded-sm text-[13px] text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Runs
      </Link>
      <header className="mb-5 grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight">
                {run.displayName}
              </h1>
              <span data-testid="run-status">
                <StatusBadge tone={status.tone} title={run.errorMessage || undefined}>
                  {run.status}
                </StatusBadge>
              </span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
              <span className="inline-flex min-w-0 items-center gap-1">
                <span className="whitespace-nowrap">Run ID</span>{' '}
                <code className="truncate font-mono text-foreground">{run.metadata.id}</code>
                <CopyButton value={run.metadata.id} label="run ID" className="size-7" />
              </span>
              {run.parentTaskExternalId ? (
                <ParentRunLink tenantId={tenantId} parentTaskId={run.parentTaskExternalId} />
              ) : null}
              {run.trigger ? <RunTriggerNote trigger={run.trigger} /> : null}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <RunActionButtons
              tenantId={tenantId}
              externalId={run.metadata.id}
              status={run.status}
              noun="run"
            />
            <WorkflowLinkButton tenantId={tenantId} workflowId={run.workflowId} />
            {details.data.workflowConfig ? (
              <CopyConfigButton config={details.data.workflowConfig} />
            ) : null}
          </div>
        </div>
        <TimingSummary
          status={run.status}
          createdAt={run.createdAt}
          startedAt={run.startedAt}
          finishedAt={run.finishedAt}
          duration={run.duration}
        />
        {run.status === 'FAILED' && run.errorMessage ? (
          <ErrorBlock error={run.errorMessage} />
        ) : null}
      </header>

      <Tabs
        label="Run views"
        items={MAIN_TABS}
        value={mainTab}
        onChange={(tab) => setParam('tab', tab === 'overview' ? undefined : tab)}
        className="mb-4"
      />

      {mainTab === 'waterfall' ? (
        <div role="tabpanel" aria-label="Waterfall">
          <RunTimings
            runId={runId}
            live={!isTerminalStatus(run.status)}
            selectedTaskId={openTaskId}
            onOpenTask={openTimingRow}
          />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Overview" className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <Suspense fallback={<LoadingArea label="Loading graph" className="min-h-24" />}>
            <RunGraph
              details={details.data}
              selectedTaskId={openTaskId}
              onOpenTask={(task) => openTask(task.metadata.id)}
            />
          </Suspense>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
            <Tabs
              label="Run data"
              items={SUB_TABS}
              value={subTab}
              onChange={(tab) => setParam('view', tab === 'activity' ? undefined : tab)}
            />
            <div role="tabpanel" aria-label={SUB_TABS.find((tab) => tab.value === subTab)?.label}>
              {subTab === 'activity' ? (
                <TaskEventsTable
                  tenantId={tenantId}
                  events={taskEvents}
                  onOpenTask={openTask}
                  label="Run activity"
                />
              ) : subTab === 'input' ? (
                <JsonView value={run.input} label="run input" />
              ) : subTab === 'output' ? (
                <JsonView value={run.output} label="run output" />
              ) : (
                <JsonView value={run.additionalMetadata ?? {}} label="additional metadata" />
              )}
            </div>
          </div>
          {childParents.map((task) => (
            <section
              key={task.metadata.id}
              className="grid grid-cols-[minmax(0,1fr)] gap-2"
              aria-label={`Child runs of ${task.displayName}`}
            >
              <h2 className="text-sm font-semibold">
                Child runs of <span className="font-mono">{task.displayName}</span> (
                {task.numSpawnedChildren})
              </h2>
              <ChildRuns
                tenantId={tenantId}
                parentTaskId={task.metadata.id}
                onOpenTask={openFromList}
              />
            </section>
          ))}
        </div>
      )}

      {openTaskId ? (
        <Suspense fallback={null}>
          <TaskPanel
            tenantId={tenantId}
            runId={panelRunId}
            taskId={openTaskId}
            onClose={() => openTask(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CopyConfigButton({ config }: { config: Record<string, unknown> }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        void copyText(JSON.stringify(config, null, 2)).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2_000);
          },
          () => toast({ title: 'Could not copy', variant: 'destructive' }),
        )
      }
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied!' : 'Copy Config'}
    </Button>
  );
}
