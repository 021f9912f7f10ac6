import { CalendarClock, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Timestamp } from '@/components/ui/timestamp';
import type { V1WorkflowRunTrigger } from '@/types/api';

/**
 * What started a run no caller triggered directly: "Triggered by cron <name or expression>
 * for <due time>" (or "run now", which has no due time) or "Scheduled for <time>", marked
 * late when it fired after its time.
 */
export function RunTriggerNote({ trigger }: { trigger: V1WorkflowRunTrigger }) {
  const Icon = trigger.kind === 'CRON' ? Clock : CalendarClock;
  const due = trigger.dueAt ? (
    <Timestamp value={trigger.dueAt} className="text-foreground" />
  ) : undefined;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1" data-testid="run-trigger">
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {trigger.kind === 'CRON' ? (
        <>
          Triggered by cron{' '}
          <code className="max-w-48 truncate font-mono text-foreground">
            {trigger.cronName || trigger.cronExpression || trigger.cronId}
          </code>{' '}
          {due ? <>for {due}</> : '(run now)'}
        </>
      ) : (
        <>Scheduled for {due}</>
      )}
      {trigger.late ? (
        <Badge
          variant="outline"
          className="border-warning/50 text-warning"
          title="Fired after its time had passed, e.g. while the server was down"
        >
          late
        </Badge>
      ) : null}
    </span>
  );
}
