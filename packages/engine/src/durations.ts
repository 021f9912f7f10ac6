/**
 * Durations as the SDK writes them: Go-style strings such as "60s", "1m30s", "1h", "250ms".
 * A bare number is taken as seconds.
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration string, or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed) return undefined;
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0));
}

/** A duration as the SDK writes one: "1h2m3s", "250ms", "0s". */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.round(ms));
  let text = '';
  for (const unit of ['h', 'm', 's', 'ms'] as const) {
    const count = Math.floor(rest / UNIT_MS[unit]!);
    if (count > 0) text += `${count}${unit}`;
    rest -= count * UNIT_MS[unit]!;
  }
  return text || '0s';
}
