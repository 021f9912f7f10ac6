/**
 * Task conditions in DAGs: what a task waits for once its parents are done (`waitFor`), what
 * skips it (`skipIf`) and what cancels it (`cancelIf`). `conditional` checks an order: `review`
 * waits a moment, `fraud-check` is skipped when an `order:trusted` event for order o-trusted
 * arrives during its wait, `small-order` and `large-order` each run only for their side of the
 * amount, `confirm` waits for `order:confirmed` (or gives up waiting after a minute) and
 * `summary` joins them all, reading a skipped task's output as `{ skipped: true }`; the
 * on-success task runs after them all. `cancellable` waits for `order:go` and is cancelled by
 * `order:abort`. An event condition is declared with the workflow, and its expression reads the
 * event, not the run: every run waiting on it hears the same event.
 */
import { Or, SleepCondition, UserEventCondition } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

type Order = { orderId: string; amount: number };

export const conditional = hatchet.workflow<Order>({ name: 'conditional' });

const received = conditional.task({
  name: 'received',
  fn: async (input) => ({ amount: input.amount }),
});

const review = conditional.task({
  name: 'review',
  parents: [received],
  waitFor: [new SleepCondition('2s')],
  fn: async () => ({ reviewed: true }),
});

const fraudCheck = conditional.task({
  name: 'fraud-check',
  parents: [received],
  waitFor: [new SleepCondition('3s')],
  skipIf: [new UserEventCondition('order:trusted', "input.orderId == 'o-trusted'")],
  fn: async () => ({ fraud: false }),
});

const smallOrder = conditional.task({
  name: 'small-order',
  parents: [received, review],
  skipIf: [{ parent: received, expression: 'output.amount > 100' }],
  fn: async () => ({ shipping: 'letter' }),
});

const largeOrder = conditional.task({
  name: 'large-order',
  parents: [received, review],
  skipIf: [{ parent: received, expression: 'output.amount <= 100' }],
  fn: async () => ({ shipping: 'freight' }),
});

const confirm = conditional.task({
  name: 'confirm',
  parents: [received],
  waitFor: [Or(new SleepCondition('1m'), new UserEventCondition('order:confirmed', ''))],
  fn: async () => ({ confirmed: true }),
});

const summary = conditional.task({
  name: 'summary',
  parents: [received, fraudCheck, smallOrder, largeOrder, confirm],
  fn: async (_input, ctx) => {
    // A skipped parent's output is { skipped: true }.
    const fraud = (await ctx.parentOutput(fraudCheck)) as { skipped?: boolean };
    const small = (await ctx.parentOutput(smallOrder)) as { skipped?: boolean; shipping?: string };
    const large = (await ctx.parentOutput(largeOrder)) as { skipped?: boolean; shipping?: string };
    return {
      total: (await ctx.parentOutput(received)).amount,
      fraudChecked: fraud.skipped !== true,
      shipping: small.skipped ? large.shipping : small.shipping,
    };
  },
});

conditional.onSuccess({
  fn: async (_input, ctx) => ({ notified: (await ctx.parentOutput(summary)).total }),
});

export const cancellable = hatchet.workflow<{ orderId: string }>({ name: 'cancellable' });

cancellable.task({
  name: 'ship',
  waitFor: [new UserEventCondition('order:go', '')],
  cancelIf: [new UserEventCondition('order:abort', '')],
  fn: async (input) => ({ shipped: input.orderId }),
});

export const conditionWorkflows = [conditional, cancellable];
