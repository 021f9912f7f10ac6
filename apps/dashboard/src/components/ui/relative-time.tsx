import { useTimeZone } from '@/hooks/use-time-zone';
import { formatRelativeTime, formatTimestamp, toDate } from '@/lib/format';
import type { DateInput } from '@/lib/format';

/**
 * "3 minutes ago", with the exact timestamp in the user's time zone on hover. "N/A" for a
 * missing date.
 */
export function RelativeTime({ value, className }: { value: DateInput; className?: string }) {
  const timeZone = useTimeZone();
  const date = toDate(value);
  if (!date) return <span className={className}>N/A</span>;
  return (
    <time
      dateTime={date.toISOString()}
      title={formatTimestamp(date, timeZone)}
      className={className}
    >
      {formatRelativeTime(date)}
    </time>
  );
}
