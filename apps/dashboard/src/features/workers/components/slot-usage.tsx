import { cn } from '@/lib/cn';
import type { SlotUsage } from '../utils/worker-info';

/** "3 / 10 default" per slot type; with `bars`, a meter under each. */
export function SlotUsageList({
  slots,
  bars = false,
  className,
}: {
  slots: SlotUsage[];
  bars?: boolean;
  className?: string;
}) {
  if (slots.length === 0) return <span className="text-muted-foreground">N/A</span>;
  return (
    <ul className={cn('grid gap-1.5', className)}>
      {slots.map((slot) => {
        const ratio = slot.limit > 0 ? Math.min(1, slot.used / slot.limit) : 0;
        return (
          <li key={slot.type} className="grid gap-1">
            <span className="text-[13px] whitespace-nowrap">
              <span className="font-mono text-foreground tabular-nums">
                {slot.used} / {slot.limit}
              </span>{' '}
              <span className="text-muted-foreground">{slot.type} used</span>
            </span>
            {bars ? (
              <meter
                min={0}
                max={slot.limit || 1}
                value={slot.used}
                aria-label={`${slot.type} slots used`}
                className="sr-only"
              />
            ) : null}
            {bars ? (
              <span
                aria-hidden="true"
                className="block h-1.5 w-full overflow-hidden rounded-full bg-subtle"
              >
                <span
                  className={cn(
                    'block h-full rounded-full',
                    ratio >= 1 ? 'bg-warning' : 'bg-primary',
                  )}
                  style={{ width: `${ratio * 100}%` }}
                />
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
