import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadingArea } from '@/components/ui/spinner';
import { tenantHref } from '@/config/paths';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format';
import { isTerminalStatus, taskStatusStyle } from '@/lib/status';
import type { V1TaskEvent, V1TaskSummary } from '@/types/api';
import { useTaskAttempt } from '../api/get-task-attempt';
import {
  attemptNumbers,
  attemptOrigin,
  attemptOutput,
  defaultPair,
  diffEvents,
  diffJson,
  diffOutputs,
  diffText,
  eventsOfAttempt,
  workerOfAttempt,
} from '../utils/attempt-diff';
import type { AttemptEventItem, AttemptOutput, SideBySide } from '../utils/attempt-diff';
import { CHANGED_CLASSES, DiffLines, DiffRow, DiffValue } from './diff-panes';
import type { Side } from './diff-panes';

const ORIGIN_LABELS = { first: 'first run', retry: 'retry', replay: 'replay' } as const;

/**
 * Two attempts of a task side by side (the last two unless picked): status, duration, worker,
 * input, output, error and events, each field saying whether they differ and marking where.
 * Loaded only when opened: the diff library stays off the first screen.
 */
export default function AttemptDiffDialog({
  tenantId,
  task,
  events,
  eventTitle,
  onClose,
}: {
  tenantId: string;
  task: V1TaskSummary;
  /** The task's events, every attempt's. */
  events: V1TaskEvent[];
  /** An event type as the events tables name it. */
  eventTitle: (eventType: V1TaskEvent['eventType']) => string;
  onClose: () => void;
}) {
  const [pair, setPair] = useState<[number, number]>(() => defaultPair(task));
  const attempts = attemptNumbers(task);
  const latest = attempts.at(-1)!;
  const { refetchInterval } = useRefetchInterval();
  const live = isTerminalStatus(task.status) ? false : refetchInterval;
  const left = useTaskAttempt(task.metadata.id, pair[0], { refetchInterval: live });
  const right = useTaskAttempt(task.metadata.id, pair[1], { refetchInterval: live });
  const originOf = (attempt: number) => attemptOrigin(eventsOfAttempt(events, attempt));
  const pickerId = useId();

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-5xl">
        <DialogHeader
          title={`Compare attempts of ${task.displayName}`}
          description="Differences are marked: removed in the first attempt (−), added in the second (+)."
        />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
          {([0, 1] as const).map((index) => (
            <div key={index} className="grid gap-1">
              <label htmlFor={`${pickerId}-${index}`} className="text-xs font-medium">
                {index === 0 ? 'First attempt' : 'Second attempt'}
              </label>
              <NativeSelect
                id={`${pickerId}-${index}`}
                value={pair[index]}
                onChange={(event) => {
                  const next: [number, number] = [...pair];
                  next[index] = Number(event.target.value);
                  setPair(next);
                }}
              >
                {attempts.map((attempt) => (
                  <option key={attempt} value={attempt}>
                    Attempt {attempt} ({ORIGIN_LABELS[originOf(attempt)]})
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
        {left.isPending || right.isPending ? (
          <LoadingArea label="Loading attempts" />
        ) : left.isError || right.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the attempts: {errorMessage(left.error ?? right.error)}
          </p>
        ) : (
          <AttemptComparison
            tenantId={tenantId}
            attempts={pair}
            summaries={[left.data, right.data]}
            events={[eventsOfAttempt(events, pair[0]), eventsOfAttempt(events, pair[1])]}
            outputs={[attemptOutput(left.data, latest), attemptOutput(right.data, latest)]}
            eventTitle={eventTitle}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AttemptComparison({
  tenantId,
  attempts,
  summaries: [first, second],
  events: [firstEvents, secondEvents],
  outputs: [firstOutput, secondOutput],
  eventTitle,
}: {
  tenantId: string;
  attempts: [number, number];
  summaries: [V1TaskSummary, V1TaskSummary];
  events: [V1TaskEvent[], V1TaskEvent[]];
  outputs: [AttemptOutput, AttemptOutput];
  eventTitle: (eventType: V1TaskEvent['eventType']) => string;
}) {
  const status = [taskStatusStyle(first).label, taskStatusStyle(second).label] as const;
  const duration = [durationText(first), durationText(second)] as const;
  const worker = [workerOfAttempt(firstEvents), workerOfAttempt(secondEvents)] as const;
  const input = diffJson(first.input, second.input);
  const output = diffOutputs(firstOutput, secondOutput);
  const error = diffText(first.errorMessage ?? '', second.errorMessage ?? '');
  const timeline = diffEvents(firstEvents, secondEvents);
  const row = { attempts };

  const workerValue = (side: Side, id: string | undefined) =>
    id ? (
      <DiffValue side={side} changed={worker[0] !== worker[1]}>
        <Link
          to={tenantHref(tenantId, 'workers/:worker', { worker: id })}
          className="hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {id}
        </Link>
      </DiffValue>
    ) : (
      <p className="text-xs text-muted-foreground italic">No worker</p>
    );
  const attemptOf = (side: Side) => (side === 'left' ? attempts[0] : attempts[1]);
  const outputLines = (side: Side, value: AttemptOutput, lines: typeof output.left) =>
    value.kind === 'value' ? (
      <DiffLines
        side={side}
        lines={lines}
        label={`Output of attempt ${attemptOf(side)}`}
        empty="{}"
      />
    ) : (
      <p className="text-xs text-muted-foreground italic">{value.reason}</p>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Attempt comparison">
      <div
        aria-hidden="true"
        className="hidden grid-cols-2 gap-2 text-xs font-semibold text-muted-foreground sm:grid"
      >
        <span>Attempt {attempts[0]}</span>
        <span>Attempt {attempts[1]}</span>
      </div>
      <DiffRow
        title="Status"
        same={status[0] === status[1]}
        {...row}
        left={
          <DiffValue side="left" changed={status[0] !== status[1]}>
            {status[0]}
          </DiffValue>
        }
        right={
          <DiffValue side="right" changed={status[0] !== status[1]}>
            {status[1]}
          </DiffValue>
        }
      />
      <DiffRow
        title="Duration"
        same={duration[0] === duration[1]}
        {...row}
        left={
          <DiffValue side="left" changed={duration[0] !== duration[1]}>
            {duration[0]}
          </DiffValue>
        }
        right={
          <DiffValue side="right" changed={duration[0] !== duration[1]}>
            {duration[1]}
          </DiffValue>
        }
      />
      <DiffRow
        title="Worker"
        same={worker[0] === worker[1]}
        {...row}
        left={workerValue('left', worker[0])}
        right={workerValue('right', worker[1])}
      />
      <DiffRow title="Input" {...row} {...linePanes('Input', input, attempts, '{}')} />
      <DiffRow
        title="Output"
        same={output.same}
        {...row}
        left={outputLines('left', firstOutput, output.left)}
        right={outputLines('right', secondOutput, output.right)}
      />
      <DiffRow title="Error" {...row} {...linePanes('Error', error, attempts, 'No error')} />
      <DiffRow
        title="Events"
        same={timeline.same}
        {...row}
        left={
          <EventList side="left" items={timeline.left} attempt={attempts[0]} title={eventTitle} />
        }
        right={
          <EventList side="right" items={timeline.right} attempt={attempts[1]} title={eventTitle} />
        }
      />
    </div>
  );
}

function durationText(summary: V1TaskSummary): string {
  return typeof summary.duration === 'number' ? formatDuration(summary.duration) : 'Not finished';
}

/** An attempt's events in order, each with its time since the attempt's first event. */
function EventList({
  side,
  items,
  attempt,
  title,
}: {
  side: Side;
  items: AttemptEventItem[];
  attempt: number;
  title: (eventType: V1TaskEvent['eventType']) => string;
}) {
  if (items.length === 0) return <p className="text-xs text-muted-foreground italic">No events</p>;
  return (
    <ol aria-label={`Events of attempt ${attempt}`} className="grid gap-0.5 text-xs">
      {items.map((item, index) => (
        <li
          key={index}
          data-event={item.eventType}
          data-changed={item.changed || undefined}
          className={cn(
            'flex justify-between gap-2 rounded px-1.5 py-0.5',
            item.changed && CHANGED_CLASSES[side],
          )}
        >
          <span>
            {item.changed ? <span className="sr-only">Changed: </span> : null}
            {title(item.eventType)}
          </span>
          <span className="font-mono text-muted-foreground">+{formatDuration(item.offsetMs)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A field compared line by line: whether it is the same, and each attempt's labelled pane. */
function linePanes(field: string, diff: SideBySide, attempts: [number, number], empty: string) {
  return {
    same: diff.same,
    left: (
      <DiffLines
        side="left"
        lines={diff.left}
        label={`${field} of attempt ${attempts[0]}`}
        empty={empty}
      />
    ),
    right: (
      <DiffLines
        side="right"
        lines={diff.right}
        label={`${field} of attempt ${attempts[1]}`}
        empty={empty}
      />
    ),
  };
}
