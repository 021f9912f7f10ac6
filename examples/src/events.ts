/**
 * Workflows started by events. `on-order` runs for every `order:*` event and reports what the
 * event gave it; `on-refund` declares a filter in code, so only refunds pushed with the scope
 * `large` whose amount reaches the filter's threshold run it, with the filter's payload.
 */
import type { JsonObject } from '@hatchet-dev/typescript-sdk';
import { hatchet } from './hatchet';

export const onOrder = hatchet.task({
  name: 'on-order',
  onEvents: ['order:*'],
  fn: async (input: JsonObject, ctx) => ({
    key: ctx.triggeringEventKey() ?? null,
    eventId: ctx.triggeringEventId() ?? null,
    byEvent: ctx.triggeredByEvent(),
    input,
  }),
});

export const onRefund = hatchet.task({
  name: 'on-refund',
  onEvents: ['refund:requested'],
  defaultFilters: [
    {
      scope: 'large',
      expression: 'input.amount >= payload.threshold',
      payload: { threshold: 100, queue: 'manual-review' },
    },
  ],
  fn: async (input: { amount: number }, ctx) => ({
    amount: input.amount,
    queue: (ctx.filterPayload() as { queue?: string }).queue ?? null,
  }),
});
