/**
 * What a worker's FAILED event carries: the SDK sends JSON `{message, stack}`; anything else is
 * kept as it came.
 */
export function describeFailure(parsed: unknown, raw: string): { message: string; data: unknown } {
  if (parsed !== null && typeof parsed === 'object' && 'message' in parsed) {
    const { message, ...rest } = parsed as { message: unknown };
    return { message: String(message), data: rest };
  }
  if (typeof parsed === 'string') return { message: parsed, data: null };
  return { message: raw, data: null };
}
