import { Check, Circle, CircleDashed, ListChecks } from 'lucide-react';
import type { CSSProperties } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { Timestamp } from '@/components/ui/timestamp';
import { cn } from '@/lib/cn';
import type { V1TaskCondition, V1TaskGate, V1TaskSummary } from '@/types/api';
import { conditionGroups, gateState } from '../utils/task-conditions';
import type { ConditionGroup, GateState } from '../utils/task-conditions';

/**
 * A task's conditions, one line each: met ones checked; open ones, while the task waits on
 * them, dashed; the rest plain. The alternatives of an or-group follow their first with "or".
 * `compact` (the graph) says each shortly, with the full condition as its title.
 */
export function ConditionLines({
  groups,
  waiting,
  compact = false,
  label,
  className,
  style,
}: {
  groups: readonly ConditionGroup[];
  /** The task waits on its conditions now. */
  waiting: boolean;
  compact?: boolean;
  label: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <ul
      aria-label={label}
      className={cn('grid min-w-0', compact ? 'gap-0' : 'gap-1', className)}
      style={style}
    >
      {groups.flatMap((group) =>
        group.alternatives.map((item, index) => {
          const met = item.condition.met;
          const Mark = met ? Check : waiting ? CircleDashed : Circle;
          const text = compact ? item.text : item.detail;
          return (
            <li
              key={`${group.action}:${item.condition.orGroupId}:${index}`}
              className={cn(
                'flex min-w-0 items-center gap-1',
                compact ? 'h-4 text-[11px]' : 'text-sm',
                !met && !waiting && 'text-muted-foreground',
              )}
              title={item.detail}
            >
              <Mark
                className={cn(
                  'shrink-0',
                  compact ? 'size-3' : 'size-3.5',
                  met
                    ? 'text-green-600 dark:text-green-400'
                    : waiting
                      ? 'text-amber-600 dark:text-amber-400'
                      : 'opacity-60',
                )}
                strokeWidth={met ? 3 : 2}
                aria-hidden="true"
              />
              {index > 0 ? (
                <span className="shrink-0 text-muted-foreground italic">or </span>
              ) : null}
              <span className="min-w-0 truncate">{text}</span>
              <span className="sr-only">{met ? ', met' : ', not met'}</span>
            </li>
          );
        }),
      )}
    </ul>
  );
}

const HEADINGS: Record<GateState | 'pending', string> = {
  pending: 'Conditions',
  waiting: 'Waiting for its conditions',
  queued: 'Its conditions let it run',
  skipped: 'Skipped by its conditions',
  cancelled: 'Cancelled by its conditions',
};

/**
 * The task panel's account of a task's conditions: each of them, met or not; while the task
 * waits, since when (its parents were done) and when its next sleep ends; once decided, what
 * and when.
 */
export function TaskConditionsBlock({
  task,
  conditions,
  gate,
}: {
  task: Pick<V1TaskSummary, 'isSkipped'>;
  conditions: readonly V1TaskCondition[];
  gate: V1TaskGate | undefined;
}) {
  const state = gateState(task, gate);
  const heading = HEADINGS[state ?? 'pending'];
  return (
    <section
      aria-label={heading}
      className={cn(
        'grid gap-2 rounded-lg border p-3',
        state === 'waiting' ? 'border-amber-500/40 bg-amber-500/10' : 'border-border bg-muted/40',
      )}
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <ListChecks className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {heading}
      </h3>
      <ConditionLines
        groups={conditionGroups(conditions)}
        waiting={state === 'waiting'}
        label="Conditions"
      />
      {state === undefined ? (
        <p className="text-xs text-muted-foreground">
          They start counting once its parents are done.
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <TimeRow
            label={state === 'waiting' ? 'Waiting since' : 'Counted from'}
            value={gate?.waitingSince}
          />
          <TimeRow label="Next sleep ends" value={gate?.nextSleepAt} />
          <TimeRow label="Decided" value={gate?.decidedAt} />
        </dl>
      )}
    </section>
  );
}

/** A time of the gate, exact in the user's zone and relative; nothing when it has none. */
function TimeRow({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Timestamp value={value} className="text-foreground" /> (<RelativeTime value={value} />)
      </dd>
    </>
  );
}
