import type { VisibilityState } from '@tanstack/react-table';
import { Repeat, TriangleAlert, Webhook } from 'lucide-react';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable, selectableRowProps } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
import type { RowSelectionProps } from '@/components/ui/row-selection';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { V1Event } from '@/types/api';
import type { EventAction } from '../api/replay-cancel-events';
import { EventRunCounts } from './event-run-counts';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  seenAt: 'Seen at',
  runs: 'Runs',
  scope: 'Scope',
  metadata: 'Metadata',
};
export const EVENT_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

export interface EventsTableProps {
  rows: V1Event[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  /** Without it the table has no checkboxes and no actions (read-only members). */
  selection?: RowSelectionProps | undefined;
  onOpen: (event: V1Event) => void;
  onAction: (action: EventAction, event: V1Event) => void;
  onMetadataFilter: (key: string, value: string) => void;
  empty: EmptyContent;
  /** The columns the user hid (ids of `EVENT_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}

/**
 * Events newest first: the key opens the event's panel; the runs it triggered are counted
 * by status. Marks say where an event came from (a webhook, a replay) and whether a filter's
 * expression failed on it. Narrow screens keep the key and the run counts.
 */
export function EventsTable({
  rows,
  isPending,
  error,
  onRetry,
  selection,
  onOpen,
  onAction,
  onMetadataFilter,
  empty,
  columnVisibility,
}: EventsTableProps) {
  const columns: DataColumn<V1Event>[] = [
    ...(selection
      ? [
          {
            id: 'select',
            enableHiding: false,
            meta: { className: 'w-px pr-0' },
            header: () => (
              <SelectAllCheckbox
                ids={rows.map((row) => row.metadata.id)}
                label="Select all events on this page"
                {...selection}
              />
            ),
            cell: ({ row }) => (
              <RowCheckbox
                id={row.original.metadata.id}
                label={`Select ${row.original.key}`}
                {...selection}
              />
            ),
          } satisfies DataColumn<V1Event>,
        ]
      : []),
    {
      id: 'event',
      enableHiding: false,
      header: 'Event',
      cell: ({ row: { original: event } }) => (
        <>
          <span className="flex items-center gap-1.5">
            <button
              type="button"
              onClick={() => onOpen(event)}
              className="max-w-32 truncate rounded-sm text-left font-mono text-[13px] font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-72"
              title={`${event.key}: open the event`}
            >
              {event.key}
            </button>
            <EventMarks event={event} />
          </span>
          <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
            <RelativeTime value={event.seenAt ?? event.metadata.createdAt} />
          </span>
        </>
      ),
    },
    {
      id: 'seenAt',
      header: HIDEABLE.seenAt,
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row: { original: event } }) => (
        <RelativeTime value={event.seenAt ?? event.metadata.createdAt} />
      ),
    },
    {
      id: 'runs',
      header: HIDEABLE.runs,
      cell: ({ row }) => <EventRunCounts summary={row.original.workflowRunSummary} />,
    },
    {
      id: 'scope',
      header: HIDEABLE.scope,
      meta: { className: 'hidden lg:table-cell' },
      cell: ({ row: { original: event } }) =>
        event.scope ? (
          <code className="block max-w-40 truncate font-mono text-xs" title={event.scope}>
            {event.scope}
          </code>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    {
      id: 'metadata',
      header: HIDEABLE.metadata,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) => (
        <MetadataPopover metadata={row.original.additionalMetadata} onFilter={onMetadataFilter} />
      ),
    },
    {
      // Phones open the panel instead: it has every action of the menu.
      id: 'actions',
      enableHiding: false,
      meta: { className: 'hidden w-px sm:table-cell' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: event } }) => (
        <RowMenu label={`Actions for ${event.key}`}>
          <DropdownMenuItem onSelect={() => onOpen(event)}>View details</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => copyWithToast(event.metadata.id, 'Event ID copied')}>
            Copy Event ID
          </DropdownMenuItem>
          {selection ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onAction('replay', event)}>Replay</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onAction('cancel', event)}>
                Cancel runs
              </DropdownMenuItem>
            </>
          ) : null}
        </RowMenu>
      ),
    },
  ];

  return (
    <DataTable
      label="Events"
      rows={rows}
      columns={columns}
      getRowId={(event) => event.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) =>
        selectableRowProps('data-event-row', row.id, selection?.selection.has(row.id) ?? false)
      }
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={10}
      loadingLabel="Loading events"
    />
  );
}

/** Small marks after the key: from a webhook, a replay, filters that failed on it. */
export function EventMarks({ event }: { event: V1Event }) {
  const failures = event.celEvaluationFailures?.length ?? 0;
  return (
    <>
      {event.triggeringWebhookName ? (
        <Webhook
          className="size-3.5 shrink-0 text-muted-foreground"
          role="img"
          aria-label={`Received by webhook ${event.triggeringWebhookName}`}
        >
          <title>{`Received by webhook ${event.triggeringWebhookName}`}</title>
        </Webhook>
      ) : null}
      {event.replayedFromId ? (
        <Repeat
          className="size-3.5 shrink-0 text-muted-foreground"
          role="img"
          aria-label="Replay of an earlier event"
        >
          <title>Replay of an earlier event</title>
        </Repeat>
      ) : null}
      {failures > 0 ? (
        <TriangleAlert
          className="size-3.5 shrink-0 text-destructive"
          role="img"
          aria-label={`${failures} filter ${failures === 1 ? 'expression' : 'expressions'} failed on this event`}
        >
          <title>{`${failures} filter ${failures === 1 ? 'expression' : 'expressions'} failed on this event`}</title>
        </TriangleAlert>
      ) : null}
    </>
  );
}
