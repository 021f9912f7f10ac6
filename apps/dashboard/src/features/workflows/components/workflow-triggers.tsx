import { CalendarClock, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { eventsHref } from '@/config/screen-links';
import { describeCron } from '@trellis/cron';
import type { WorkflowVersion } from '@/types/api';

/**
 * Event keys and cron schedules (with their description) of a version. Each key leads to the
 * events sent with it.
 */
export function WorkflowTriggers({
  tenantId,
  version,
}: {
  tenantId: string;
  version: WorkflowVersion;
}) {
  const events = (version.triggers?.events ?? [])
    .map((event) => event.event_key)
    .filter((key): key is string => Boolean(key));
  const crons = (version.triggers?.crons ?? [])
    .map((cron) => cron.cron)
    .filter((cron): cron is string => Boolean(cron));

  if (events.length === 0 && crons.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No event or cron triggers: this workflow runs when it is triggered directly.
      </p>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-lg border border-border bg-surface p-4">
        <h3 className="mb-2 flex items-center gap-2 text-[13px] font-medium text-foreground">
          <Zap className="size-4 text-muted-foreground" aria-hidden="true" />
          Events
        </h3>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No event triggers.</p>
        ) : (
          <ul aria-label="Event triggers" className="flex flex-wrap gap-1.5">
            {events.map((key) => (
              <li key={key}>
                <Link
                  to={eventsHref(tenantId, { keys: [key] })}
                  title={`Events sent with the key ${key}`}
                  className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Badge variant="outline" className="font-mono text-xs hover:bg-muted">
                    {key}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-lg border border-border bg-surface p-4">
        <h3 className="mb-2 flex items-center gap-2 text-[13px] font-medium text-foreground">
          <CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />
          Cron schedules
        </h3>
        {crons.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cron triggers.</p>
        ) : (
          <ul aria-label="Cron triggers" className="grid gap-2">
            {crons.map((cron) => {
              const description = describeCron(cron);
              return (
                <li key={cron} className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline" className="font-mono text-xs">
                    {cron}
                  </Badge>
                  <span className={description.ok ? 'text-foreground' : 'text-destructive'}>
                    {description.ok ? `Runs ${lowerFirst(description.text)}` : description.text}
                    {description.ok ? (
                      <span className="text-muted-foreground"> ({description.timezone})</span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
