import { Repeat, Send, XCircle } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { ActionsMenu } from '@/components/ui/actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Pagination } from '@/components/ui/pagination';
import { RefreshControl } from '@/components/ui/refresh-control';
import { Spinner } from '@/components/ui/spinner';
import { listEmpty } from '@/components/ui/table';
import { EVENTS_FILTER_KEY, PANEL_PARAM } from '@/config/screen-links';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { useSearchParam } from '@/hooks/use-search-param';
import type { QueryParams } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { withMetadataFilter } from '@/lib/metadata-filter';
import { jsonQueryString } from '@/lib/url-state';
import type { Workflow } from '@/types/api';
import { useEventKeys } from '../api/list-event-keys';
import { useEvents } from '../api/list-events';
import type { EventAction } from '../api/replay-cancel-events';
import { useEventActions } from '../hooks/use-event-actions';
import { useEventFilters } from '../hooks/use-event-filters';
import {
  DEFAULT_EVENT_FILTERS,
  EVENTS_COLUMNS_KEY,
  activeEventFilterCount,
  eventListQuery,
  serializeEventFilters,
} from '../utils/event-filters';
import { EventActionDialog } from './event-action-dialog';
import type { EventPanelSlots } from './event-panel';
import { EventsFiltersButton } from './events-filters';
import { EVENT_COLUMN_CHOICES, EventsTable } from './events-table';

// Opened on demand, so their code stays off the first screen.
const EventPanel = lazy(() => import('./event-panel'));
const SendEventDialog = lazy(() => import('./send-event-dialog'));

interface PendingAction {
  action: EventAction;
  events: { id: string; key: string }[];
}

/**
 * The events list (reference 5.6): filters in the URL, run counts per event, the event panel
 * (deep-linked by `event`), and for members Send event and replay / cancel, one event or a
 * selection at a time.
 */
export function EventsPage({
  tenantId,
  canEdit,
  workflows,
  slots,
  viewsControl,
  exportControl,
}: {
  tenantId: string;
  /** MEMBER and up: send, replay and cancel. */
  canEdit: boolean;
  /** Workflows the Workflow filter offers, and names for the panel. */
  workflows: Workflow[];
  slots: EventPanelSlots;
  /** The saved views control (composed by the route), given this list's view state. */
  viewsControl?: (state: string) => ReactNode;
  /** The export control (composed by the route), given the list's current query. */
  exportControl?: (query: QueryParams) => ReactNode;
}) {
  const { filters, setFilters, pagination, setPagination } = useEventFilters();
  const [openEventId, setOpenEventId] = useSearchParam(PANEL_PARAM.event);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState<PendingAction | undefined>(undefined);
  const { refetchInterval } = useRefetchInterval();
  const actions = useEventActions(tenantId);
  const columns = useColumnVisibility('events', EVENTS_COLUMNS_KEY);
  // What a saved view of this list holds: its filters and the columns shown.
  const viewState = jsonQueryString({
    [EVENTS_FILTER_KEY]: serializeEventFilters(filters),
    [EVENTS_COLUMNS_KEY]: columns.hidden,
  });

  const query = eventListQuery(filters, {
    offset: pagination.pageIndex * pagination.pageSize,
    limit: pagination.pageSize,
  });
  // Looking up events by id shows a fixed set; selected rows would move under the cursor.
  const events = useEvents(tenantId, query, {
    refetchInterval: selection.size > 0 || filters.eventIds.length > 0 ? false : refetchInterval,
  });
  const eventKeys = useEventKeys(tenantId).data?.rows ?? [];
  const rows = events.data?.rows ?? [];
  const pageCount = Math.max(1, events.data?.pagination?.num_pages ?? 1);
  const selected = rows
    .filter((row) => selection.has(row.metadata.id))
    .map((row) => ({ id: row.metadata.id, key: row.key }));
  const filtered = activeEventFilterCount(filters) > 0;
  const workflowNames = new Map(workflows.map((workflow) => [workflow.metadata.id, workflow.name]));

  const setPage = (next: { pageIndex: number; pageSize: number }) => {
    setSelection(new Set());
    setPagination(next);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-h-8 items-center gap-2 text-[13px] text-muted-foreground">
          {events.isPending ? <Spinner /> : null}
          {selected.length > 0 ? `${selected.length} selected` : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <>
              <Button size="sm" onClick={() => setSending(true)} aria-label="Send event">
                <Send aria-hidden="true" />
                <span className="hidden @lg:inline">Send event</span>
              </Button>
              <ActionsMenu>
                {(['replay', 'cancel'] as const).map((action) => (
                  <DropdownMenuItem
                    key={action}
                    disabled={selected.length === 0}
                    onSelect={() => setPending({ action, events: selected })}
                  >
                    {action === 'replay' ? (
                      <Repeat aria-hidden="true" />
                    ) : (
                      <XCircle aria-hidden="true" />
                    )}
                    {action === 'replay' ? 'Replay' : 'Cancel runs'}
                    <span className="ml-auto text-xs text-muted-foreground">
                      {selected.length > 0 ? `${selected.length} selected` : 'select events'}
                    </span>
                  </DropdownMenuItem>
                ))}
              </ActionsMenu>
            </>
          ) : null}
          {exportControl?.(query)}
          <RefreshControl
            onRefresh={() => void events.refetch()}
            isRefreshing={events.isFetching}
          />
          <EventsFiltersButton
            filters={filters}
            onChange={setFilters}
            eventKeys={eventKeys}
            workflows={workflows.map((workflow) => ({
              value: workflow.metadata.id,
              label: workflow.name,
            }))}
          />
          <ColumnsMenu
            columns={EVENT_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
          {viewsControl?.(viewState)}
        </div>
      </div>

      <Card className="overflow-hidden">
        <EventsTable
          rows={rows}
          isPending={events.isPending}
          error={
            events.isError ? `Could not load events: ${errorMessage(events.error)}` : undefined
          }
          onRetry={() => void events.refetch()}
          selection={canEdit ? { selection, onSelectionChange: setSelection } : undefined}
          columnVisibility={columns.visibility}
          onOpen={(event) => setOpenEventId(event.metadata.id)}
          onAction={(action, event) =>
            setPending({ action, events: [{ id: event.metadata.id, key: event.key }] })
          }
          onMetadataFilter={(key, value) =>
            setFilters((current) => ({
              ...current,
              metadata: withMetadataFilter(current.metadata, key, value),
            }))
          }
          empty={listEmpty(
            {
              title: 'No events found',
              description:
                'Events that workers, clients and webhooks push to this tenant show up here, with the runs they triggered.',
              action: canEdit ? (
                <Button variant="outline" onClick={() => setSending(true)}>
                  <Send aria-hidden="true" />
                  Send an event
                </Button>
              ) : undefined,
            },
            {
              active: filtered,
              noMatch: 'No events match these filters',
              onClear: () => setFilters(() => DEFAULT_EVENT_FILTERS),
            },
          )}
        />
      </Card>
      <Pagination
        rowCount={events.isSuccess ? rows.length : undefined}
        selected={canEdit ? { count: selected.length, of: rows.length } : undefined}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPage}
      />

      {pending ? (
        <EventActionDialog
          action={pending.action}
          events={pending.events}
          pending={actions.isPending}
          onClose={() => setPending(undefined)}
          onConfirm={() =>
            actions.run(
              pending.action,
              pending.events.map((event) => event.id),
              (created) => {
                setPending(undefined);
                setSelection(new Set());
                // One event replayed: show its replay, as Send event shows the event it sent.
                if (created.length === 1 && created[0]) setOpenEventId(created[0]);
              },
            )
          }
        />
      ) : null}
      {sending ? (
        <Suspense fallback={null}>
          <SendEventDialog
            tenantId={tenantId}
            eventKeys={eventKeys}
            onClose={() => setSending(false)}
            onSent={(eventId) => {
              setSending(false);
              setOpenEventId(eventId);
            }}
          />
        </Suspense>
      ) : null}
      {openEventId ? (
        <Suspense fallback={null}>
          <EventPanel
            tenantId={tenantId}
            eventId={openEventId}
            canEdit={canEdit}
            workflowName={(id) => workflowNames.get(id)}
            slots={slots}
            onAction={(action, event) =>
              setPending({ action, events: [{ id: event.metadata.id, key: event.key }] })
            }
            onOpenEvent={setOpenEventId}
            onClose={() => setOpenEventId(undefined)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
