import { LogIn } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { tenantHref } from '@/config/paths';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { isZeroUuid } from '@/lib/constants';
import { cn } from '@/lib/cn';
import type { V1TaskEvent } from '@/types/api';
import { newestFirst, retriedTasks, taskEventStyle } from '../utils/task-events';
import type { EventSeverity } from '../utils/task-events';

const DOT: Record<EventSeverity, string> = {
  info: 'bg-green-500',
  warning: 'bg-yellow-500',
  critical: 'bg-red-500',
};

/**
 * What happened to a run's or a task's tasks, newest first: when, which event, its message;
 * failures open their full error, and events on a worker link to it. A task that ran more
 * than once labels each row with its attempt, so every failed attempt reads as its own.
 * A run's activity (with the Task column) keeps its hidden columns as `run-activity`, a
 * task's events as `task-events`.
 */
export function TaskEventsTable({
  tenantId,
  events,
  onOpenTask,
  label,
}: {
  tenantId: string;
  events: V1TaskEvent[];
  /** Shows the Task column; clicking a task opens it. */
  onOpenTask?: (taskId: string) => void;
  label: string;
}) {
  const sorted = newestFirst(events);
  const retried = retriedTasks(events);
  const visibility = useColumnVisibility(onOpenTask ? 'run-activity' : 'task-events');

  const columns: DataColumn<V1TaskEvent>[] = [
    ...(onOpenTask
      ? [
          {
            id: 'task',
            header: 'Task',
            cell: ({ row: { original: event } }) => (
              <button
                type="button"
                onClick={() => onOpenTask(event.taskId)}
                className="inline-flex max-w-40 items-center gap-1 rounded-md border border-border px-1.5 py-0.5 text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <LogIn className="size-3 shrink-0" aria-hidden="true" />
                <span className="truncate">{event.taskDisplayName ?? event.taskId}</span>
              </button>
            ),
          } satisfies DataColumn<V1TaskEvent>,
        ]
      : []),
    {
      id: 'seenAt',
      header: 'Seen at',
      meta: { cellClassName: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => <RelativeTime value={row.original.timestamp} />,
    },
    {
      id: 'event',
      enableHiding: false,
      header: 'Event',
      meta: { cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original: event } }) => {
        const style = taskEventStyle(event.eventType);
        return (
          <span className="inline-flex items-center gap-2">
            <span className={cn('size-2 rounded-full', DOT[style.severity])} aria-hidden="true" />
            {style.title}
            {event.attempt && retried.has(event.taskId) ? (
              <span className="text-xs text-muted-foreground">(attempt {event.attempt})</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'description',
      header: 'Description',
      meta: { cellClassName: 'min-w-48' },
      cell: ({ row: { original: event } }) => (
        <>
          <span className="font-mono text-xs break-words">{event.message}</span>
          <span className="ml-2 inline-flex gap-2">
            {event.errorMessage ? <ErrorPopover error={event.errorMessage} /> : null}
            {event.workerId && !isZeroUuid(event.workerId) ? (
              <Link
                to={tenantHref(tenantId, 'workers/:worker', { worker: event.workerId })}
                className="text-xs text-primary hover:underline"
              >
                View Worker
              </Link>
            ) : null}
          </span>
        </>
      ),
    },
  ];

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="@container flex justify-end">
        <ColumnsMenu
          columns={columnChoices(columns)}
          hidden={visibility.hidden}
          onChange={visibility.setHidden}
          of={label}
        />
      </div>
      <div className="max-h-[400px] overflow-y-auto rounded-lg border border-border">
        <DataTable
          label={label}
          rows={sorted}
          columns={columns}
          getRowId={(event) => String(event.id)}
          columnVisibility={visibility.visibility}
          rowProps={(row) => ({ 'data-event': row.original.eventType }) as ComponentProps<'tr'>}
          isPending={false}
          empty={{ title: 'No events found.' }}
        />
      </div>
    </div>
  );
}

function ErrorPopover({ error }: { error: string }) {
  return (
    <Popover>
      <PopoverTrigger className="text-xs text-destructive hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        View Error
      </PopoverTrigger>
      <PopoverContent className="w-[32rem]">
        <p className="mb-2 text-sm font-medium">Error Details</p>
        <pre className="max-h-80 overflow-auto rounded-md bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap">
          {error}
        </pre>
      </PopoverContent>
    </Popover>
  );
}
