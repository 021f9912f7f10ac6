/** The event key and scope of a received request, from the webhook's CEL expressions. */
import type { IncomingHttpHeaders } from 'node:http';
import { MAX_EVENT_KEY_LENGTH, MAX_SCOPE_LENGTH } from '@trellis/api-contract';
import { CelCompileError, compile, WEBHOOK } from '@trellis/cel';
import { badRequest } from '../http/api-error';

export type ExpressionBindings = {
  /** The event's payload: the parsed body with the static payload merged in. */
  input: Record<string, unknown>;
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
};

export function expressionHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const entries = Object.entries(headers).filter(([, value]) => value !== undefined);
  return Object.fromEntries(
    entries.map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : value!,
    ]),
  );
}

export function evaluateEventKey(
  webhook: { eventKeyExpression: string; scopeExpression: string | null },
  bindings: ExpressionBindings,
): { key: string; scope?: string } {
  const key = evaluateText(webhook.eventKeyExpression, bindings, 'Event key', MAX_EVENT_KEY_LENGTH);
  if (!webhook.scopeExpression) return { key };
  return { key, scope: evaluateText(webhook.scopeExpression, bindings, 'Scope', MAX_SCOPE_LENGTH) };
}

/** Evaluates to a non-empty string of at most `maxLength`, refusing with the reference's messages. */
function evaluateText(
  expression: string,
  bindings: ExpressionBindings,
  label: 'Event key' | 'Scope',
  maxLength: number,
): string {
  const failed = `Failed to evaluate ${label.toLowerCase()} expression`;
  let outcome;
  try {
    outcome = compile(WEBHOOK, expression).evaluate(bindings);
  } catch (error) {
    // Stored before the evaluator changed: it compiled when it was saved.
    if (error instanceof CelCompileError) throw badRequest(`${failed}: ${error.message}`);
    throw error;
  }
  if (!outcome.ok) throw badRequest(`${failed}: ${outcome.error}`);
  if (typeof outcome.value !== 'string')
    throw badRequest(`${label} expression must evaluate to a string`);
  if (outcome.value === '') throw badRequest(`${label} evaluated to an empty string`);
  if (outcome.value.length > maxLength)
    throw badRequest(`${label} is longer than ${maxLength} characters`);
  return outcome.value;
}
