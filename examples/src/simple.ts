/** The hello-world task: transforms its input. */
import { hatchet } from './hatchet';

export const simple = hatchet.task({
  name: 'simple',
  fn: async (input: { Message: string }, ctx) => {
    ctx.logger.info(`transforming "${input.Message}"`);
    return { TransformedMessage: input.Message.toLowerCase() };
  },
});
