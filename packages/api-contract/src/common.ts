import { z } from 'zod';

/** The all-zero UUID, used where an id is required but none applies. */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export const uuidSchema = z.uuid({ message: 'Invalid UUID reference' });

export const apiResourceMetaSchema = z
  .object({
    id: z.string().max(36),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'APIResourceMeta' });
export type ApiResourceMeta = z.infer<typeof apiResourceMetaSchema>;

export const paginationResponseSchema = z
  .object({
    current_page: z.number().int().optional(),
    next_page: z.number().int().optional(),
    num_pages: z.number().int().optional(),
  })
  .meta({ id: 'PaginationResponse' });

/** An empty JSON object: the body of operations that answer 200 with nothing to say. */
export const emptyObjectSchema = z.object({}).strict();

/** Matches Go-style durations of `<number><unit>` parts, units ms, s, m and h (e.g. `1h30m`). */
export const DURATION_PATTERN = /^(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ms|s|m|h))+$/;
export const DURATION_MESSAGE =
  "Invalid duration. Durations must be one or more <number><unit> components, where unit is one of: 'ms', 's', 'm', 'h'. For example: 1h30m, 90s, 500ms.";

export const durationSchema = z.string().regex(DURATION_PATTERN, { message: DURATION_MESSAGE });

/** Parses a duration accepted by `durationSchema` into milliseconds. */
export function parseDurationMs(text: string): number {
  const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const match of text.matchAll(/([0-9]*\.?[0-9]+|[0-9]+\.)(ms|s|m|h)/g)) {
    total += Number(match[1]) * (unitMs[match[2] as string] as number);
  }
  return total;
}
