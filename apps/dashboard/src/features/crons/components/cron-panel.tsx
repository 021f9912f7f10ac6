import { Clock, Pencil, Play, Power, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
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
import { Tooltip } from '@/components/ui/tooltip';
import { tenantHref } from '@/config/paths';
import { cronJobsHref } from '@/config/screen-links';
import { useNow } from '@/hooks/use-now';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { useTimeZone } from '@/hooks/use-time-zone';
import { formatTimestamp } from '@/lib/format';
import type { CronWorkflows } from '@/types/api';
import { useCron } from '../api/get-cron';
import {
  DEFINED_IN_CODE_REASON,
  cronDescription,
  cronLabel,
  cronTimezone,
  isDefinedInCode,
} from '../utils/cron-info';
import { CronEditForm } from './cron-edit-form';
import type { CronRowActions } from './crons-table';
import { EnabledMark } from './crons-table';
import { UpcomingFires } from './upcoming-fires';

/** The next fire times move on with the clock. */
const CLOCK_MS = 30_000;

/**
 * One cron job (deep-linked by `cron`): what it runs and when, its next five fire times with
 * daylight-saving warnings, its last fire and run, input and metadata; members enable,
 * disable, run it now, and edit or delete a cron created over REST.
 */
export default function CronPanel({
  tenantId,
  cronId,
  actions,
  onClose,
}: {
  tenantId: string;
  cronId: string;
  actions: CronRowActions;
  onClose: () => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  const cron = useCron(tenantId, cronId, { refetchInterval });
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title="Cron job">
      <div className="p-4 sm:p-6">
        {cron.isPending ? (
          <LoadingArea label="Loading cron job" />
        ) : cron.isError ? (
          <ResourceLoadError
            error={cron.error}
            retry={() => void cron.refetch()}
            icon={<Clock />}
            noun="Cron job"
            notFoundDescription="It may have been deleted, or it belongs to another tenant."
            listHref={cronJobsHref(tenantId)}
            listLabel="Back to cron jobs"
          />
        ) : (
          <CronDetail
            key={cron.data.metadata.id}
            tenantId={tenantId}
            cron={cron.data}
            actions={actions}
          />
        )}
      </div>
    </Sheet>
  );
}

function CronDetail({
  tenantId,
  cron,
  actions,
}: {
  tenantId: string;
  cron: CronWorkflows;
  actions: CronRowActions;
}) {
  const [editing, setEditing] = useState(false);
  const now = useNow(true, CLOCK_MS);
  const inCode = isDefinedInCode(cron);
  const id = cron.metadata.id;

  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-label="Cron job">
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2 pr-8">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Cron job
        </p>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="min-w-0 truncate">{cronLabel(cron)}</span>
          {inCode ? <Badge variant="outline">Defined in code</Badge> : null}
          <span className="inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
            <EnabledMark enabled={cron.enabled} updating={actions.updatingId === id} />
            {cron.enabled ? 'Enabled' : 'Disabled'}
          </span>
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1">
            <span className="whitespace-nowrap">Cron ID</span>
            <code className="truncate font-mono text-foreground">{id}</code>
            <CopyButton value={id} label="cron ID" className="size-7" />
          </span>
          <span>
            Created <RelativeTime value={cron.metadata.createdAt} />
          </span>
        </div>
        {actions.canEdit ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              variant="outline"
              size="sm"
              loading={actions.runningId === id}
              onClick={() => actions.onRunNow(cron)}
            >
              <Play aria-hidden="true" />
              Run now
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={actions.updatingId !== undefined}
              onClick={() => actions.onSetEnabled(cron, !cron.enabled)}
            >
              <Power aria-hidden="true" />
              {cron.enabled ? 'Disable' : 'Enable'}
            </Button>
            {editing ? null : (
              <InCodeGuard inCode={inCode}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={inCode}
                  onClick={() => setEditing(true)}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              </InCodeGuard>
            )}
            <InCodeGuard inCode={inCode}>
              <Button
                variant="destructive-outline"
                size="sm"
                disabled={inCode}
                onClick={() => actions.onDelete(cron)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </InCodeGuard>
          </div>
        ) : null}
      </header>

      {editing ? (
        <CronEditForm tenantId={tenantId} cron={cron} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">Workflow</dt>
            <dd>
              <Link
                to={tenantHref(tenantId, 'workflows/:workflow', { workflow: cron.workflowId })}
                className="font-medium hover:underline"
              >
                {cron.workflowName}
              </Link>
            </dd>
            <dt className="text-muted-foreground">Expression</dt>
            <dd>
              <code className="font-mono break-all">{cron.cron}</code>
            </dd>
            <dt className="text-muted-foreground">Description</dt>
            <dd data-testid="cron-panel-description">{cronDescription(cron.cron)}</dd>
            <dt className="text-muted-foreground">Timezone</dt>
            <dd>{cronTimezone(cron.cron)}</dd>
            {cron.priority ? (
              <>
                <dt className="text-muted-foreground">Priority</dt>
                <dd>{cron.priority}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Last fire</dt>
            <dd>
              <LastFire tenantId={tenantId} cron={cron} />
            </dd>
          </dl>
          <Section
            title="Next five fire times"
            description={
              cron.enabled
                ? undefined
                : 'Disabled: these are the times it would fire once it is enabled again.'
            }
          >
            <UpcomingFires cron={cron.cron} now={new Date(now)} />
          </Section>
          <Section title="Input" description="What each run it starts gets as input.">
            <JsonView value={cron.input ?? {}} label="cron input" maxHeightClass="max-h-72" />
          </Section>
          <Section title="Additional Metadata">
            <JsonView
              value={cron.additionalMetadata ?? {}}
              label="cron metadata"
              maxHeightClass="max-h-48"
            />
          </Section>
        </>
      )}
    </article>
  );
}

/** The due time of the latest fire, its run, and "late" when it fired after its time. */
function LastFire({ tenantId, cron }: { tenantId: string; cron: CronWorkflows }) {
  const timeZone = useTimeZone();
  const fire = cron.lastFire;
  if (!fire) return <span className="text-muted-foreground">Not fired yet</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="cron-last-fire">
      <span title={formatTimestamp(fire.dueAt, timeZone)}>
        Due <RelativeTime value={fire.dueAt} />
      </span>
      {fire.late ? (
        <Badge
          variant="outline"
          className="border-warning/50 text-warning"
          title="Fired after its due time had passed, e.g. while the server was down"
        >
          late
        </Badge>
      ) : null}
      {fire.runId ? (
        <Link
          to={tenantHref(tenantId, 'runs/:run', { run: fire.runId })}
          className="font-mono text-xs hover:underline"
        >
          View run
        </Link>
      ) : null}
    </span>
  );
}

/** A disabled button of a code-defined cron says why on hover and focus. */
function InCodeGuard({ inCode, children }: { inCode: boolean; children: ReactNode }) {
  if (!inCode) return children;
  return (
    <Tooltip content={DEFINED_IN_CODE_REASON}>
      <span tabIndex={0} className="inline-flex rounded-md">
        {children}
      </span>
    </Tooltip>
  );
}
