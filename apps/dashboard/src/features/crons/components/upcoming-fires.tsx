import { TriangleAlert } from 'lucide-react';
import { Callout } from '@/components/ui/callout';
import { useTimeZone } from '@/hooks/use-time-zone';
import { DST_NOTE_TEXT, formatInZone, upcomingFires } from '../utils/fire-times';

/**
 * The next five fire times of a cron, each in the user's time zone and in the cron's, with
 * a warning on the ones daylight saving moves (a wall time that does not exist that day) or
 * repeats. Computed from `now` by the cron module the server fires with.
 */
export function UpcomingFires({ cron, now }: { cron: string; now: Date }) {
  const timezone = useTimeZone();
  const result = upcomingFires(cron, now);
  if (!result.ok) {
    return <p className="text-sm text-destructive">{result.message}</p>;
  }
  if (result.fires.length === 0) {
    return <p className="text-sm text-muted-foreground">This cron does not fire again.</p>;
  }
  const notes = new Set(result.fires.flatMap((fire) => (fire.dst ? [fire.dst] : [])));
  return (
    <div className="grid gap-3">
      {notes.size > 0 ? (
        <Callout variant="warning" title={`Daylight saving in ${result.timezone}`}>
          {[...notes].map((note) => (
            <p key={note}>{DST_NOTE_TEXT[note]}</p>
          ))}
        </Callout>
      ) : null}
      <ol aria-label="Next fire times" className="grid gap-2">
        {result.fires.map((fire) => (
          <li
            key={fire.at.toISOString()}
            data-dst={fire.dst}
            className="grid gap-x-4 gap-y-1 rounded-md border border-border px-3 py-2 text-[13px] data-dst:border-warning/50 data-dst:bg-warning/5 sm:grid-cols-2"
          >
            <span className="grid">
              <span className="text-[11px] text-muted-foreground">Your time ({timezone})</span>
              <time dateTime={fire.at.toISOString()} className="font-mono text-xs">
                {formatInZone(fire.at, timezone)}
              </time>
            </span>
            <span className="grid">
              <span className="flex items-center gap-1 text-[11px] text-muted-foreground">
                Cron time ({result.timezone})
                {fire.dst ? (
                  <TriangleAlert
                    className="size-3.5 text-warning"
                    role="img"
                    aria-label={DST_NOTE_TEXT[fire.dst]}
                  >
                    <title>{DST_NOTE_TEXT[fire.dst]}</title>
                  </TriangleAlert>
                ) : null}
              </span>
              <span className="font-mono text-xs">{formatInZone(fire.at, result.timezone)}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
