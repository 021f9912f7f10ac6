/** Fan-out: a parent task spawns N child runs and sums what they return. */
import { hatchet } from './hatchet';

export const fanoutChild = hatchet.task({
  name: 'fanout-child',
  fn: async (input: { i: number }) => ({ square: input.i * input.i }),
});

export const fanoutParent = hatchet.task({
  name: 'fanout-parent',
  executionTimeout: '5m',
  fn: async (input: { n: number }) => {
    const results = await fanoutChild.run(Array.from({ length: input.n }, (_, i) => ({ i })));
    return { count: results.length, sum: results.reduce((s, r) => s + r.square, 0) };
  },
});
