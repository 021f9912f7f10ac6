import { Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTimeZone } from '@/hooks/use-time-zone';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatTimestamp } from '@/lib/format';
import { useTaskLog } from '../api/list-task-logs';
import { parseAnsi } from '../utils/ansi';

const LEVEL_CLASSES: Record<string, string> = {
  ERROR: 'text-red-600 dark:text-red-400',
  WARN: 'text-amber-600 dark:text-amber-400',
  DEBUG: 'text-muted-foreground',
};

/**
 * A task's log lines, oldest first: time, level, then the message with its ANSI colours.
 * While the task runs new lines arrive every second and the view follows the end (unless
 * the reader scrolled up). A search box narrows the loaded lines.
 */
export function TaskLogs({ taskId, running }: { taskId: string; running: boolean }) {
  const log = useTaskLog(taskId, running);
  const timeZone = useTimeZone();
  const [search, setSearch] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lines = useMemo(() => log.data?.lines ?? [], [log.data]);
  const term = search.trim().toLowerCase();
  const shown = term ? lines.filter((line) => line.message.toLowerCase().includes(term)) : lines;

  useEffect(() => {
    const box = boxRef.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [shown.length]);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="relative w-full sm:w-64">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search log lines"
            placeholder="Search lines…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="h-8 pl-8 text-xs"
          />
        </div>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
          {running ? (
            <>
              <span className="size-2 animate-pulse rounded-full bg-green-500" aria-hidden="true" />
              Live
            </>
          ) : null}
          <span>
            {term ? `${shown.length} of ` : ''}
            {lines.length} {lines.length === 1 ? 'line' : 'lines'}
          </span>
        </p>
      </div>
      <div
        ref={boxRef}
        role="log"
        aria-label="Task logs"
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
        }}
        className="h-[25rem] overflow-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-xs leading-relaxed"
      >
        {log.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Loading logs…
          </p>
        ) : log.isError ? (
          <p className="text-destructive">Could not load the logs: {errorMessage(log.error)}</p>
        ) : shown.length === 0 ? (
          <p className="text-muted-foreground">
            {term
              ? 'No line matches.'
              : running
                ? 'Waiting for logs...'
                : 'This task wrote no logs.'}
          </p>
        ) : (
          shown.map((line, index) => (
            <p key={`${line.createdAt}-${index}`} className="break-words whitespace-pre-wrap">
              <span className="mr-2 text-muted-foreground select-none">
                {formatTimestamp(line.createdAt, timeZone)}
              </span>
              {line.level ? (
                <span className={cn('mr-2 select-none', LEVEL_CLASSES[line.level])}>
                  {line.level}
                </span>
              ) : null}
              {line.attempt && line.attempt > 1 ? (
                <span className="mr-2 text-muted-foreground select-none">#{line.attempt}</span>
              ) : null}
              {parseAnsi(line.message).map((segment, part) => (
                <span key={part} className={segment.className || undefined}>
                  {segment.text}
                </span>
              ))}
            </p>
          ))
        )}
      </div>
      {!running && log.data?.more ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={log.loadMore}
          loading={log.isFetching}
        >
          Load more lines
        </Button>
      ) : null}
    </div>
  );
}
