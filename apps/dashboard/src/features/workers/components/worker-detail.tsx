import { ArrowLeft, Pause, Play, Server } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResourceLoadError } from '@/components/layout/resource-load-error';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { LoadingArea } from '@/components/ui/spinner';
import { tenantHref } from '@/config/paths';
import { reportApiError } from '@/hooks/report-api-error';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { toast } from '@/hooks/use-toast';
import type { Worker } from '@/types/api';
import { useWorker } from '../api/get-worker';
import { useUpdateWorker } from '../api/update-worker';
import { languageName, runtimeSummary, slotUsage } from '../utils/worker-info';
import { LabelMatches } from './label-matches';
import { SlotUsageList } from './slot-usage';
import { WorkerStatusBadge } from './worker-status-badge';

const WORKFLOWS_SHOWN = 10;

/** A worker: status and pause/resume, slots, heartbeat, runtime, workflows, actions, tasks. */
export function WorkerDetail({
  tenantId,
  workerId,
  canEdit,
  runs,
  healthChecks,
}: {
  tenantId: string;
  workerId: string;
  /** The user's role may pause and resume workers (MEMBER and up). */
  canEdit: boolean;
  /** The runs table of the tasks it ran (composed by the route). */
  runs: ReactNode;
  /** For a worker acting for a webhook worker: its requests log (composed by the route). */
  healthChecks: (webhookWorkerId: string) => ReactNode;
}) {
  const { refetchInterval } = useRefetchInterval();
  const worker = useWorker(workerId, { refetchInterval });
  const update = useUpdateWorker(tenantId, workerId);
  const [confirming, setConfirming] = useState(false);
  const listHref = tenantHref(tenantId, 'workers');

  if (worker.isPending) return <LoadingArea label="Loading worker" />;
  if (worker.isError) {
    return (
      <ResourceLoadError
        error={worker.error}
        retry={() => void worker.refetch()}
        icon={<Server />}
        noun="Worker"
        notFoundDescription="It may belong to another tenant, or it has not connected for a long time."
        listHref={listHref}
        listLabel="Back to workers"
      />
    );
  }

  const data = worker.data;
  const paused = data.status === 'PAUSED';
  const inactive = data.status === 'INACTIVE';
  const slots = slotUsage(data);

  return (
    <>
      <title>{`${data.name} · Workers · Trellis`}</title>
      <Link
        to={listHref}
        className="mb-3 inline-flex items-center gap-1 rounded-sm text-[13px] text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Workers
      </Link>
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Server className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight text-foreground">
              {data.name}
            </h1>
            <span data-testid="worker-status">
              <WorkerStatusBadge status={data.status} />
            </span>
            <Badge variant="outline">{data.type.toLowerCase()}</Badge>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1">
              <span>ID</span>
              <code className="truncate font-mono text-foreground">{data.metadata.id}</code>
              <CopyButton value={data.metadata.id} label="worker ID" className="size-7" />
            </span>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <RefreshControl
            onRefresh={() => void worker.refetch()}
            isRefreshing={worker.isFetching}
          />
          {canEdit ? (
            <Button
              variant="outline"
              disabled={inactive}
              title={inactive ? 'An inactive worker cannot be paused or resumed' : undefined}
              onClick={() => setConfirming(true)}
            >
              {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {paused ? 'Resume' : 'Pause'}
            </Button>
          ) : null}
        </div>
      </header>

      {paused ? (
        <Callout variant="warning" title="This worker is paused" className="mb-6">
          It keeps running the tasks it has, but is sent no new ones until it is resumed.
        </Callout>
      ) : inactive ? (
        <Callout variant="info" title="This worker is inactive" className="mb-6">
          It has stopped sending heartbeats. Tasks go to other workers.
        </Callout>
      ) : null}

      <div className="grid gap-8">
        <div className="grid gap-4 md:grid-cols-3">
          <InfoCard title="Slots">
            <SlotUsageList slots={slots} bars />
            <p className="mt-2 text-xs text-muted-foreground">
              A slot is room for one task at a time.
            </p>
          </InfoCard>
          <InfoCard title="Connection">
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-[13px]">
              <dt className="text-muted-foreground">Last heartbeat</dt>
              <dd>
                {data.lastHeartbeatAt ? <RelativeTime value={data.lastHeartbeatAt} /> : 'never'}
              </dd>
              <dt className="text-muted-foreground">First connected</dt>
              <dd>
                <RelativeTime value={data.metadata.createdAt} />
              </dd>
              {data.lastListenerEstablished ? (
                <>
                  <dt className="text-muted-foreground">Listener since</dt>
                  <dd>
                    <RelativeTime value={data.lastListenerEstablished} />
                  </dd>
                </>
              ) : null}
            </dl>
          </InfoCard>
          <InfoCard title="Runtime">
            <RuntimeInfo worker={data} />
          </InfoCard>
        </div>

        {data.webhookId ? healthChecks(data.webhookId) : null}

        {data.labels && data.labels.length > 0 ? (
          <Section title="Labels" description="Tasks can ask for workers with given labels.">
            <ul aria-label="Worker labels" className="flex flex-wrap gap-1.5">
              {data.labels.map((label) => (
                <li key={label.key}>
                  <Badge variant="outline" className="font-mono text-xs">
                    {label.key}:{label.value ?? ''}
                  </Badge>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <LabelMatches tenantId={tenantId} matches={data.labelMatches ?? []} />

        <RegisteredWorkflows tenantId={tenantId} workflows={data.registeredWorkflows ?? []} />

        <Section title="Actions" description="The tasks this worker can run, as action ids.">
          {data.actions && data.actions.length > 0 ? (
            <ul aria-label="Actions" className="flex flex-wrap gap-1.5">
              {[...data.actions].sort().map((action) => (
                <li key={action}>
                  <Badge variant="outline" className="font-mono text-xs">
                    {action}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No actions registered.</p>
          )}
        </Section>

        <Section
          title="Tasks"
          description="The tasks this worker ran: filter, count, cancel or replay them, page through them."
        >
          {runs}
        </Section>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={paused ? 'Resume worker' : 'Pause worker'}
        description={
          paused ? (
            <>
              Resume <span className="font-medium text-foreground">{data.name}</span>? It is sent
              new tasks again.
            </>
          ) : (
            <>
              Pause <span className="font-medium text-foreground">{data.name}</span>? It finishes
              the tasks it has but is sent no new ones until you resume it.
            </>
          )
        }
        confirmLabel={paused ? 'Resume worker' : 'Pause worker'}
        destructive={false}
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { isPaused: !paused },
            {
              onSuccess: (result) => {
                setConfirming(false);
                toast({
                  title: result.status === 'PAUSED' ? 'Worker paused' : 'Worker resumed',
                  description:
                    result.status === 'PAUSED'
                      ? `${data.name} is sent no new tasks.`
                      : `${data.name} is sent new tasks again.`,
                  variant: 'success',
                });
              },
              onError: (error) => {
                setConfirming(false);
                reportApiError(error, {
                  title: paused ? 'Could not resume the worker' : 'Could not pause the worker',
                });
              },
            },
          )
        }
      />
    </>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-border bg-surface p-4 shadow-xs"
    >
      <h2 className="mb-2.5 text-[13px] font-medium text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

function RuntimeInfo({ worker }: { worker: Worker }) {
  const info = worker.runtimeInfo;
  const rows: Array<[string, string | undefined]> = [
    [
      'SDK',
      info?.sdkVersion
        ? `${languageName(info.language) ?? ''} ${info.sdkVersion}`.trim()
        : languageName(info?.language),
    ],
    ['Runtime', runtimeSummary(worker)],
    ['OS', info?.os],
    ['Extra', info?.runtimeExtra],
  ];
  const known = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (known.length === 0) {
    return <p className="text-[13px] text-muted-foreground">The worker did not report it.</p>;
  }
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-[13px]">
      {known.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 truncate" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RegisteredWorkflows({
  tenantId,
  workflows,
}: {
  tenantId: string;
  workflows: Array<{ id: string; name: string }>;
}) {
  const [showAll, setShowAll] = useState(false);
  const sorted = [...workflows].sort((a, b) => a.name.localeCompare(b.name));
  const shown = showAll ? sorted : sorted.slice(0, WORKFLOWS_SHOWN);
  return (
    <Section title="Registered workflows" description="Workflows this worker runs tasks of.">
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <ul aria-label="Registered workflows" className="contents">
            {shown.map((workflow) => (
              <li key={workflow.id}>
                <Button asChild variant="outline" size="sm">
                  <Link to={tenantHref(tenantId, 'workflows/:workflow', { workflow: workflow.id })}>
                    {workflow.name}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
          {sorted.length > WORKFLOWS_SHOWN && !showAll ? (
            <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
              Show all ({sorted.length - WORKFLOWS_SHOWN} more)
            </Button>
          ) : null}
        </div>
      )}
    </Section>
  );
}
