import { CalendarClock, CalendarCog, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ResourceLoadError } from '@/components/layout/resource-load-error';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView } from '@/components/ui/json-view';
import { RelativeTime } from '@/components/ui/relative-time';
import { Sheet } from '@/components/ui/sheet';
import { LoadingArea } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { Timestamp } from '@/components/ui/timestamp';
import { Tooltip } from '@/components/ui/tooltip';
import { tenantHref } from '@/config/paths';
import { scheduledRunsHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { ScheduledWorkflows } from '@/types/api';
import { useScheduledRun } from '../api/get-scheduled-run';
import {
  DEFINED_IN_CODE_REASON,
  isDefinedInCode,
  scheduledStatus,
} from '../utils/scheduled-run-info';
import type { ScheduledRunRowActions } from './scheduled-runs-table';

/**
 * One scheduled run (reference 5.10's side panel, deep-linked by `scheduledRun`): workflow,
 * trigger time, status, the run it created, created at, then its input and metadata; members
 * reschedule or delete it.
 */
export default function ScheduledRunPanel({
  tenantId,
  scheduledRunId,
  actions,
  onClose,
}: {
  tenantId: string;
  scheduledRunId: string;
  actions: ScheduledRunRowActions;
  onClose: () => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  const scheduled = useScheduledRun(tenantId, scheduledRunId, { refetchInterval });
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title="Scheduled run">
      <div className="p-4 sm:p-6">
        {scheduled.isPending ? (
          <LoadingArea label="Loading scheduled run" />
        ) : scheduled.isError ? (
          <ResourceLoadError
            error={scheduled.error}
            retry={() => void scheduled.refetch()}
            icon={<CalendarClock />}
            noun="Scheduled run"
            notFoundDescription="It may have been deleted, or it belongs to another tenant."
            listHref={scheduledRunsHref(tenantId)}
            listLabel="Back to scheduled runs"
          />
        ) : (
          <ScheduledRunDetail tenantId={tenantId} scheduled={scheduled.data} actions={actions} />
        )}
      </div>
    </Sheet>
  );
}

function ScheduledRunDetail({
  tenantId,
  scheduled,
  actions,
}: {
  tenantId: string;
  scheduled: ScheduledWorkflows;
  actions: ScheduledRunRowActions;
}) {
  const id = scheduled.metadata.id;
  const status = scheduledStatus(scheduled);
  const inCode = isDefinedInCode(scheduled);
  const metadata = scheduled.additionalMetadata ?? {};
  const deleteButton = (
    <Button
      variant="destructive-outline"
      size="sm"
      disabled={inCode}
      onClick={() => actions.onDelete(scheduled)}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-label="Scheduled run">
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2 pr-8">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Scheduled run
        </p>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="min-w-0 truncate">{scheduled.workflowName}</span>
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
          {inCode ? <Badge variant="outline">Scheduled in code</Badge> : null}
        </h2>
        <span className="inline-flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          <span className="whitespace-nowrap">ID</span>
          <code className="truncate font-mono text-foreground">{id}</code>
          <CopyButton value={id} label="scheduled run ID" className="size-7" />
        </span>
        {actions.canEdit ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="outline" size="sm" onClick={() => actions.onReschedule(scheduled)}>
              <CalendarCog aria-hidden="true" />
              Reschedule
            </Button>
            {inCode ? (
              <Tooltip content={DEFINED_IN_CODE_REASON}>
                <span tabIndex={0} className="inline-flex rounded-md">
                  {deleteButton}
                </span>
              </Tooltip>
            ) : (
              deleteButton
            )}
          </div>
        ) : null}
      </header>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Workflow</dt>
        <dd>
          <Link
            to={tenantHref(tenantId, 'workflows/:workflow', { workflow: scheduled.workflowId })}
            className="font-medium hover:underline"
          >
            {scheduled.workflowName}
          </Link>
        </dd>
        <dt className="text-muted-foreground">Trigger At</dt>
        <dd>
          <Timestamp value={scheduled.triggerAt} />{' '}
          <span className="text-muted-foreground">
            (<RelativeTime value={scheduled.triggerAt} />)
          </span>
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
        </dd>
        {scheduled.workflowRunId ? (
          <>
            <dt className="text-muted-foreground">Workflow Run</dt>
            <dd>
              <Link
                to={tenantHref(tenantId, 'runs/:run', { run: scheduled.workflowRunId })}
                className="font-mono text-[13px] break-all hover:underline"
              >
                {scheduled.workflowRunName || scheduled.workflowRunId}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Created At</dt>
        <dd>
          <RelativeTime value={scheduled.metadata.createdAt} />
        </dd>
      </dl>
      <Section title="Payload" description="The input the run gets.">
        <JsonView value={scheduled.input ?? {}} label="input" maxHeightClass="max-h-72" />
      </Section>
      {Object.keys(metadata).length > 0 ? (
        <Section title="Metadata">
          <JsonView value={metadata} label="metadata" maxHeightClass="max-h-48" />
        </Section>
      ) : null}
    </article>
  );
}
