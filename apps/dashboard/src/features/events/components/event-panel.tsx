import { Activity, Repeat, Webhook, XCircle } from 'lucide-react';
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
import { eventsHref, webhooksHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { V1Event } from '@/types/api';
import { useEvent } from '../api/get-event';
import type { EventAction } from '../api/replay-cancel-events';
import { CelFailures } from './cel-failures';
import { EventRunCounts } from './event-run-counts';

/** What the panel shows from other features, composed by the route. */
export interface EventPanelSlots {
  /** The runs the event triggered. */
  triggeredRuns: (event: V1Event) => ReactNode;
  /** The filters with the event's scope. */
  scopeFilters: (scope: string) => ReactNode;
}

/**
 * One event (reference 5.6, the event side panel): key and when it was seen, where it came
 * from, the filters that failed on it, the runs it triggered, its payload and metadata, and
 * the filters of its scope. Members can replay it and cancel its runs from here.
 */
export default function EventPanel({
  tenantId,
  eventId,
  canEdit,
  workflowName,
  slots,
  onAction,
  onOpenEvent,
  onClose,
}: {
  tenantId: string;
  eventId: string;
  canEdit: boolean;
  workflowName: (workflowId: string) => string | undefined;
  slots: EventPanelSlots;
  onAction: (action: EventAction, event: V1Event) => void;
  onOpenEvent: (eventId: string) => void;
  onClose: () => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  const event = useEvent(tenantId, eventId, { refetchInterval });
  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={event.data ? `Event ${event.data.key}` : 'Event'}
    >
      <div className="p-4 sm:p-6">
        {event.isPending ? (
          <LoadingArea label="Loading event" />
        ) : event.isError ? (
          <ResourceLoadError
            error={event.error}
            retry={() => void event.refetch()}
            icon={<Activity />}
            noun="Event"
            notFoundDescription="It may belong to another tenant, or the link is incomplete."
            listHref={eventsHref(tenantId)}
            listLabel="Back to events"
          />
        ) : (
          <EventDetail
            tenantId={tenantId}
            event={event.data}
            canEdit={canEdit}
            workflowName={workflowName}
            slots={slots}
            onAction={onAction}
            onOpenEvent={onOpenEvent}
          />
        )}
      </div>
    </Sheet>
  );
}

function EventDetail({
  tenantId,
  event: data,
  canEdit,
  workflowName,
  slots,
  onAction,
  onOpenEvent,
}: {
  tenantId: string;
  event: V1Event;
  canEdit: boolean;
  workflowName: (workflowId: string) => string | undefined;
  slots: EventPanelSlots;
  onAction: (action: EventAction, event: V1Event) => void;
  onOpenEvent: (eventId: string) => void;
}) {
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-label={`Event ${data.key}`}>
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2 pr-8">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Event</p>
        <h2
          className="overflow-x-auto font-mono text-lg font-semibold whitespace-nowrap"
          title={data.key}
        >
          {data.key}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1">
            <span className="whitespace-nowrap">Event ID</span>
            <code className="truncate font-mono text-foreground">{data.metadata.id}</code>
            <CopyButton value={data.metadata.id} label="event ID" className="size-7" />
          </span>
          <span>
            Seen <RelativeTime value={data.seenAt ?? data.metadata.createdAt} />
          </span>
        </div>
        <EventOrigin tenantId={tenantId} event={data} onOpenEvent={onOpenEvent} />
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>Runs</span>
          <EventRunCounts summary={data.workflowRunSummary} />
        </p>
        {canEdit ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="outline" size="sm" onClick={() => onAction('replay', data)}>
              <Repeat aria-hidden="true" />
              Replay
            </Button>
            <Button variant="outline" size="sm" onClick={() => onAction('cancel', data)}>
              <XCircle aria-hidden="true" />
              Cancel runs
            </Button>
          </div>
        ) : null}
      </header>

      {data.celEvaluationFailures && data.celEvaluationFailures.length > 0 ? (
        <CelFailures
          tenantId={tenantId}
          failures={data.celEvaluationFailures}
          workflowName={workflowName}
        />
      ) : null}

      <Section title="Runs" description="The runs this event triggered.">
        {slots.triggeredRuns(data)}
      </Section>

      <Section title="Payload">
        <JsonView value={data.payload ?? {}} label="payload" maxHeightClass="max-h-96" />
      </Section>

      <Section title="Additional metadata">
        <JsonView
          value={data.additionalMetadata ?? {}}
          label="additional metadata"
          maxHeightClass="max-h-60"
        />
      </Section>

      {data.scope ? (
        <Section
          title="Filters"
          description={
            <>
              Filters with the scope <code className="font-mono">{data.scope}</code>, the ones
              evaluated for this event.
            </>
          }
        >
          {slots.scopeFilters(data.scope)}
        </Section>
      ) : null}
    </article>
  );
}

/** Scope, the webhook that received it, the event it replays. */
function EventOrigin({
  tenantId,
  event,
  onOpenEvent,
}: {
  tenantId: string;
  event: V1Event;
  onOpenEvent: (eventId: string) => void;
}) {
  const replayOf = event.replayedFromId;
  if (!event.scope && !event.triggeringWebhookName && !replayOf) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {event.scope ? (
        <Badge variant="outline" className="font-mono" title="Scope">
          scope: {event.scope}
        </Badge>
      ) : null}
      {event.triggeringWebhookName ? (
        <Badge variant="outline" className="gap-1">
          <Webhook className="size-3" aria-hidden="true" />
          <span>Received by</span>
          <Link
            to={webhooksHref(tenantId, { webhook: event.triggeringWebhookName })}
            className="font-mono hover:underline"
          >
            {event.triggeringWebhookName}
          </Link>
        </Badge>
      ) : null}
      {replayOf ? (
        <Badge variant="outline" className="gap-1">
          <Repeat className="size-3" aria-hidden="true" />
          <span>Replay of</span>
          <button
            type="button"
            onClick={() => onOpenEvent(replayOf)}
            className="font-mono hover:underline"
            title={replayOf}
          >
            {replayOf.slice(0, 8)}
          </button>
        </Badge>
      ) : null}
    </div>
  );
}
