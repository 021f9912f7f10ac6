import { Repeat, TriangleAlert, Webhook } from 'lucide-react';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
import type { RowSelectionProps } from '@/components/ui/row-selection';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableErrorRow,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from '@/components/ui/table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { V1Event } from '@/types/api';
import type { EventAction } from '../api/replay-cancel-events';
import { EventRunCounts } from './event-run-counts';

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
}: EventsTableProps) {
  const columns = selection ? 7 : 6;
  return (
    <Table aria-label="Events" aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead className="w-px pr-0">
              <SelectAllCheckbox
                ids={rows.map((row) => row.metadata.id)}
                label="Select all events on this page"
                {...selection}
              />
            </TableHead>
          ) : null}
          <TableHead>Event</TableHead>
          <TableHead className="hidden sm:table-cell">Seen at</TableHead>
          <TableHead>Runs</TableHead>
          <TableHead className="hidden lg:table-cell">Scope</TableHead>
          <TableHead className="hidden md:table-cell">Metadata</TableHead>
          {/* Phones open the panel instead: it has every action of the menu. */}
          <TableHead className="hidden w-px sm:table-cell">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={columns} rows={10} label="Loading events" />
        ) : error !== undefined ? (
          <TableErrorRow columns={columns} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={columns} {...empty} />
        ) : (
          rows.map((event) => {
            const id = event.metadata.id;
            return (
              <TableRow
                key={id}
                data-event-row={id}
                data-state={selection?.selection.has(id) ? 'selected' : undefined}
                className="data-[state=selected]:bg-accent/40"
              >
                {selection ? (
                  <TableCell className="w-px pr-0">
                    <RowCheckbox id={id} label={`Select ${event.key}`} {...selection} />
                  </TableCell>
                ) : null}
                <TableCell>
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
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                  <RelativeTime value={event.seenAt ?? event.metadata.createdAt} />
                </TableCell>
                <TableCell>
                  <EventRunCounts summary={event.workflowRunSummary} />
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  {event.scope ? (
                    <code className="block max-w-40 truncate font-mono text-xs" title={event.scope}>
                      {event.scope}
                    </code>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <MetadataPopover
                    metadata={event.additionalMetadata}
                    onFilter={onMetadataFilter}
                  />
                </TableCell>
                <TableCell className="hidden w-px sm:table-cell">
                  <RowMenu label={`Actions for ${event.key}`}>
                    <DropdownMenuItem onSelect={() => onOpen(event)}>View details</DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => copyWithToast(id, 'Event ID copied')}>
                      Copy Event ID
                    </DropdownMenuItem>
                    {selection ? (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem onSelect={() => onAction('replay', event)}>
                          Replay
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => onAction('cancel', event)}>
                          Cancel runs
                        </DropdownMenuItem>
                      </>
                    ) : null}
                  </RowMenu>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
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
