import { useTimeZone } from '@/hooks/use-time-zone';
import { formatTimestamp, toDate } from '@/lib/format';
import type { DateInput } from '@/lib/format';

/** An exact time in the user's time zone (`2025-01-31 14:05:09.123 GMT+1`); "N/A" if missing. */
export function Timestamp({ value, className }: { value: DateInput; className?: string }) {
  const timeZone = useTimeZone();
  const date = toDate(value);
  if (!date) return <span className={className}>N/A</span>;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {formatTimestamp(date, timeZone)}
    </time>
  );
}
