import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { RelativeTime } from '@/components/ui/relative-time';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { tenantHref } from '@/config/paths';
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
  const columns = onOpenTask ? 4 : 3;
  return (
    <div className="max-h-[400px] overflow-y-auto rounded-lg border border-border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {onOpenTask ? <TableHead>Task</TableHead> : null}
            <TableHead>Seen at</TableHead>
            <TableHead>Event</TableHead>
            <TableHead>Description</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sorted.length === 0 ? (
            <TableEmptyRow columns={columns} title="No events found." />
          ) : (
            sorted.map((event) => {
              const style = taskEventStyle(event.eventType);
              return (
                <TableRow key={event.id} data-event={event.eventType}>
                  {onOpenTask ? (
                    <TableCell>
                      <button
                        type="button"
                        onClick={() => onOpenTask(event.taskId)}
                        className="inline-flex max-w-40 items-center gap-1 rounded-md border border-border px-1.5 py-0.5 text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <LogIn className="size-3 shrink-0" aria-hidden="true" />
                        <span className="truncate">{event.taskDisplayName ?? event.taskId}</span>
                      </button>
                    </TableCell>
                  ) : null}
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    <RelativeTime value={event.timestamp} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <span className="inline-flex items-center gap-2">
                      <span
                        className={cn('size-2 rounded-full', DOT[style.severity])}
                        aria-hidden="true"
                      />
                      {style.title}
                      {event.attempt && retried.has(event.taskId) ? (
                        <span className="text-xs text-muted-foreground">
                          (attempt {event.attempt})
                        </span>
                      ) : null}
                    </span>
                  </TableCell>
                  <TableCell className="min-w-48">
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
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
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
