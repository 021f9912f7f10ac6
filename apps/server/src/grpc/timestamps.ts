import { invalid } from './grpc-errors';
import type { Timestamp } from './messages';

/**
 * The range google.protobuf.Timestamp allows: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z,
 * nanos within a second. Past it a Date prints as `+010000-…`, which PostgreSQL refuses, and
 * the engine's whole batch would fail with it.
 */
const MIN_SECONDS = -62_135_596_800;
const MAX_SECONDS = 253_402_300_799;

export function toTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

/**
 * A Timestamp as a Date; undefined when absent or zero (the proto default). One outside the
 * Timestamp range is refused (INVALID_ARGUMENT).
 */
export function fromTimestamp(ts: Timestamp | null | undefined): Date | undefined {
  if (!ts) return undefined;
  const seconds = Number(ts.seconds);
  if (seconds === 0 && ts.nanos === 0) return undefined;
  if (
    !(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS) ||
    !(ts.nanos >= 0 && ts.nanos <= 999_999_999)
  ) {
    throw invalid(
      `a Timestamp must lie between 0001-01-01 and 9999-12-31 (seconds ${seconds}, nanos ${ts.nanos})`,
    );
  }
  return new Date(seconds * 1000 + Math.floor(ts.nanos / 1_000_000));
}
