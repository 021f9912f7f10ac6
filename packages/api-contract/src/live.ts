import { z } from 'zod';
import { v1TaskSummarySchema } from './runs';

/**
 * Trellis: one message of a tenant's live event stream (`changes` events): what changed since
 * the last message, by external id. `runs` are the runs of the changed tasks; `logs` the tasks
 * with new log lines. `all` means more changed than one message names: refetch what is shown.
 * `rows`, when few runs changed, are those runs as the runs list shows them (no payloads), read
 * after the change, so a list can show them before it refetches.
 */
export const v1LiveChangesSchema = z
  .object({
    runs: z.array(z.string()),
    tasks: z.array(z.string()),
    logs: z.array(z.string()),
    workers: z.array(z.string()),
    rows: z.array(v1TaskSummarySchema).optional(),
    all: z.boolean().optional(),
  })
  .meta({ id: 'V1LiveChanges' });
export type V1LiveChanges = z.infer<typeof v1LiveChangesSchema>;
