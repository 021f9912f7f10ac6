import type { Timestamp } from './messages';

export function toTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

/** A Timestamp as a Date; undefined when absent or zero (the proto default). */
export function fromTimestamp(ts: Timestamp | null | undefined): Date | undefined {
  if (!ts) return undefined;
  const seconds = Number(ts.seconds);
  if (seconds === 0 && ts.nanos === 0) return undefined;
  return new Date(seconds * 1000 + Math.floor(ts.nanos / 1_000_000));
}
