/** A DAG: one task, two that use its output, and one that joins them. */
import { hatchet } from './hatchet';

export const dag = hatchet.workflow<{ n: number }>({ name: 'dag' });

const first = dag.task({
  name: 'first',
  fn: async (input) => ({ value: input.n + 1 }),
});

const double = dag.task({
  name: 'double',
  parents: [first],
  fn: async (_input, ctx) => ({ value: (await ctx.parentOutput(first)).value * 2 }),
});

const square = dag.task({
  name: 'square',
  parents: [first],
  fn: async (_input, ctx) => {
    const { value } = await ctx.parentOutput(first);
    return { value: value * value };
  },
});

dag.task({
  name: 'join',
  parents: [double, square],
  fn: async (_input, ctx) => ({
    sum: (await ctx.parentOutput(double)).value + (await ctx.parentOutput(square)).value,
  }),
});
