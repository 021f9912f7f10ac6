import { v1CelDebug } from '@trellis/api-contract';
import { evaluateBooleanExpression, EVENT_FILTER } from '@trellis/cel';
import type { ApiRouter } from '../api-router';

/**
 * The filter debugger. What goes wrong with the expression, compiling or running, is the
 * answer (status ERROR), not a failed request.
 */
export function registerCelRoutes(api: ApiRouter): void {
  api.handle(v1CelDebug, async ({ body }) => {
    // A sample event has no id or key.
    const outcome = evaluateBooleanExpression(EVENT_FILTER, body.expression, {
      input: body.input,
      additional_metadata: body.additionalMetadata ?? {},
      payload: body.filterPayload ?? {},
    });
    return outcome.ok
      ? { status: 'SUCCESS' as const, output: outcome.value }
      : { status: 'ERROR' as const, error: outcome.error };
  });
}
