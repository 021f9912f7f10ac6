/**
 * Idempotency: an order is charged once, however many times it is triggered within an hour;
 * a second trigger is refused with the run that holds the key.
 */
import { hatchet } from './hatchet';

export const chargeOrder = hatchet.task({
  name: 'charge-order',
  idempotency: { strategy: 'ttl', expression: 'input.orderId', ttlMs: 3_600_000 },
  fn: async (input: { orderId: string }) => ({ charged: input.orderId }),
});
