import { ArrowLeft, Layers3, Pause, Play, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResourceLoadError } from '@/components/layout/resource-load-error';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { LoadingArea } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { tenantHref } from '@/config/paths';
import { reportApiError } from '@/hooks/report-api-error';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { workflowStateStyle } from '@/lib/status';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useWorkflow } from '../api/get-workflow';
import { useWorkflowVersion } from '../api/get-workflow-version';
import { useUpdateWorkflow } from '../api/update-workflow';
import { concurrencyLimits } from '../utils/concurrency-limits';
import { tasksOf } from '../utils/task-info';
import {
  CONCURRENCY_COLUMN_CHOICES,
  CONCURRENCY_LIST,
  ConcurrencyTable,
} from './concurrency-table';
import { TASKS_LIST, TASK_COLUMN_CHOICES, TasksTable } from './tasks-table';
import { WorkflowDag } from './workflow-dag';
import { WorkflowTriggers } from './workflow-triggers';
import { WorkflowVersionInfo } from './workflow-version-info';

/**
 * A workflow: header with its state and actions, its task graph, concurrency limits (when it
 * has any), triggers, cron jobs and upcoming scheduled runs, event filters, its runs table,
 * version.
 */
export function WorkflowDetail({
  tenantId,
  workflowId,
  canEdit,
  onTrigger,
  schedules,
  filters,
  runs,
}: {
  tenantId: string;
  workflowId: string;
  /** The user's role may pause, delete and trigger (MEMBER and up). */
  canEdit: boolean;
  /** Opens Trigger Run for this workflow (composed by the route). */
  onTrigger: (workflow: { id: string; name: string }) => void;
  /** The workflow's cron jobs and upcoming scheduled runs (composed by the route). */
  schedules: ReactNode;
  /** The workflow's event filters (composed by the route). */
  filters: ReactNode;
  /** The workflow's runs table (composed by the route). */
  runs: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const versionId = searchParams.get('version') ?? undefined;
  const { refetchInterval } = useRefetchInterval();
  const workflow = useWorkflow(workflowId, { refetchInterval });
  const version = useWorkflowVersion(workflowId, versionId, { refetchInterval });
  const update = useUpdateWorkflow(tenantId, workflowId);
  const remove = useDeleteWorkflow(tenantId, workflowId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'pause' | 'delete' | undefined>(undefined);
  const listHref = tenantHref(tenantId, 'workflows');
  const taskColumns = useColumnVisibility(TASKS_LIST);
  const concurrencyColumns = useColumnVisibility(CONCURRENCY_LIST);

  if (workflow.isPending) return <LoadingArea label="Loading workflow" />;
  if (workflow.isError) {
    return (
      <ResourceLoadError
        error={workflow.error}
        retry={() => void workflow.refetch()}
        icon={<Layers3 />}
        noun="Workflow"
        notFoundDescription="It may have been deleted, or it belongs to another tenant."
        listHref={listHref}
        listLabel="Back to workflows"
      />
    );
  }

  const data = workflow.data;
  const state = workflowStateStyle(data.isPaused);
  const latest = data.versions?.[0];
  const shownVersion = version.data;
  const tasks = tasksOf(shownVersion);
  const limits = concurrencyLimits(shownVersion);
  const paused = data.isPaused ?? false;

  const refresh = () => void Promise.all([workflow.refetch(), version.refetch()]);

  return (
    <>
      <title>{`${data.name} · Workflows · Trellis`}</title>
      <Link
        to={listHref}
        className="mb-3 inline-flex items-center gap-1 rounded-sm text-[13px] text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Workflows
      </Link>
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Layers3 className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight text-foreground">
              {data.name}
            </h1>
            {latest ? (
              <Badge variant="outline" className="font-mono" title="Latest version">
                {latest.version}
              </Badge>
            ) : null}
            <span data-testid="workflow-state">
              <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
            </span>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1">
              <span>ID</span>
              <code className="truncate font-mono text-foreground">{data.metadata.id}</code>
              <CopyButton value={data.metadata.id} label="workflow ID" className="size-7" />
            </span>
            {latest ? (
              <span>
                Updated <RelativeTime value={latest.metadata.createdAt} />
              </span>
            ) : null}
          </div>
          {data.description ? (
            <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{data.description}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <RefreshControl
            onRefresh={refresh}
            isRefreshing={workflow.isFetching || version.isFetching}
          />
          {canEdit ? (
            <Button onClick={() => onTrigger({ id: data.metadata.id, name: data.name })}>
              <Zap aria-hidden="true" />
              Trigger Workflow
            </Button>
          ) : null}
          {canEdit ? (
            <Button variant="outline" onClick={() => setConfirming('pause')}>
              {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {paused ? 'Unpause' : 'Pause'}
            </Button>
          ) : null}
          {canEdit ? (
            <Button variant="destructive-outline" onClick={() => setConfirming('delete')}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </header>

      {paused ? (
        <Callout variant="warning" title="This workflow is paused" className="mb-6">
          New runs wait until it is unpaused.
        </Callout>
      ) : null}

      <div className="grid gap-8">
        <Section
          title="Tasks"
          description={
            shownVersion
              ? `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'} in ${shownVersion.version}; arrows point from a task to the tasks that wait for it.`
              : undefined
          }
          actions={
            tasks.length > 0 ? (
              <ColumnsMenu
                columns={TASK_COLUMN_CHOICES}
                hidden={taskColumns.hidden}
                onChange={taskColumns.setHidden}
                of="Task list"
              />
            ) : undefined
          }
        >
          {version.isPending ? (
            <LoadingArea label="Loading tasks" />
          ) : version.isError ? (
            <Callout variant="destructive" title="Could not load this version">
              <p>{errorMessage(version.error)}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={() => void version.refetch()}
              >
                Try again
              </Button>
            </Callout>
          ) : tasks.length === 0 ? (
            <p className="text-sm text-muted-foreground">This version has no tasks.</p>
          ) : (
            <>
              <WorkflowDag tasks={tasks} />
              <TasksTable tasks={tasks} columnVisibility={taskColumns.visibility} />
            </>
          )}
        </Section>

        {limits.length > 0 ? (
          <Section
            title="Concurrency"
            description="How many runs may hold each key at once, and what happens to the runs that arrive at the limit."
            actions={
              <ColumnsMenu
                columns={CONCURRENCY_COLUMN_CHOICES}
                hidden={concurrencyColumns.hidden}
                onChange={concurrencyColumns.setHidden}
                of="Concurrency limits"
              />
            }
          >
            <ConcurrencyTable limits={limits} columnVisibility={concurrencyColumns.visibility} />
          </Section>
        ) : null}

        <Section title="Triggers" description="What starts this workflow besides a direct run.">
          {version.isSuccess ? (
            <WorkflowTriggers tenantId={tenantId} version={version.data} />
          ) : version.isPending ? (
            <LoadingArea label="Loading triggers" className="min-h-20" />
          ) : (
            <p className="text-sm text-muted-foreground">Not available.</p>
          )}
        </Section>

        <Section
          title="Schedules"
          description="Cron jobs that run this workflow, and its runs scheduled for later."
        >
          {schedules}
        </Section>

        <Section
          title="Filters"
          description="Expressions that decide whether an event sent with a scope triggers this workflow."
        >
          {filters}
        </Section>

        <Section
          title="Runs"
          description="This workflow's runs: filter, count, cancel or replay them, page through them."
        >
          {runs}
        </Section>

        <Section title="Version">
          {version.isSuccess ? (
            <WorkflowVersionInfo
              version={version.data}
              latestId={latest?.metadata.id}
              workflowHref={tenantHref(tenantId, 'workflows/:workflow', {
                workflow: workflowId,
              })}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {version.isPending ? 'Loading…' : 'Not available.'}
            </p>
          )}
        </Section>
      </div>

      <ConfirmDialog
        open={confirming === 'pause'}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined);
        }}
        title={paused ? 'Unpause workflow' : 'Pause workflow'}
        description={
          paused ? (
            <>
              Unpause <span className="font-medium text-foreground">{data.name}</span>? Runs that
              waited start, and new runs start as usual.
            </>
          ) : (
            <>
              Pause <span className="font-medium text-foreground">{data.name}</span>? New runs wait
              until it is unpaused; runs already started carry on.
            </>
          )
        }
        confirmLabel={paused ? 'Unpause' : 'Pause'}
        destructive={false}
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { isPaused: !paused },
            {
              onSuccess: (result) => {
                setConfirming(undefined);
                toast({
                  title: result.isPaused ? 'Workflow paused' : 'Workflow unpaused',
                  description: result.isPaused
                    ? `New runs of ${data.name} wait until it is unpaused.`
                    : `${data.name} runs as usual.`,
                  variant: 'success',
                });
              },
              onError: (error) => {
                setConfirming(undefined);
                reportApiError(error, {
                  title: paused ? 'Could not unpause' : 'Could not pause',
                });
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined);
        }}
        title="Delete workflow"
        description={
          <>
            Delete <span className="font-medium text-foreground">{data.name}</span>? Workers stop
            being sent its runs. This cannot be undone.
          </>
        }
        confirmLabel="Delete workflow"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(undefined);
              toast({
                title: 'Workflow deleted',
                description: `${data.name} was deleted.`,
                variant: 'success',
              });
              void navigate(listHref);
            },
            onError: (error) => {
              setConfirming(undefined);
              reportApiError(error, { title: 'Could not delete the workflow' });
            },
          })
        }
      />
    </>
  );
}
