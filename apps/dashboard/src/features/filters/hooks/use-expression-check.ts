import { useMemo } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-error';
import type { V1CelDebugRequest } from '@/types/api';
import { useCelDebug } from '../api/debug-cel';

/** Typing pauses this long before the expression is sent to be checked. */
export const CHECK_DEBOUNCE_MS = 400;

export type ExpressionVerdict =
  /** Nothing to check: no expression yet, or a sample that is not valid JSON. */
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'result'; output: boolean }
  /** The expression does not compile, or fails on the sample. */
  | { kind: 'error'; message: string }
  /** The check itself could not be made (network, permissions). */
  | { kind: 'unavailable'; message: string };

export interface ExpressionCheck {
  verdict: ExpressionVerdict;
  /** The verdict is for an earlier text; a newer one is on its way. */
  stale: boolean;
}

/**
 * Checks an expression as it is typed: after a pause, the CEL debugger evaluates it on the
 * sample event; until the answer comes, the previous verdict stays (marked stale) so the
 * message under the field does not flicker with every key.
 */
export function useExpressionCheck(
  tenantId: string,
  request: V1CelDebugRequest | undefined,
): ExpressionCheck {
  const text = request && request.expression.trim() !== '' ? JSON.stringify(request) : undefined;
  const settled = useDebouncedValue(text, CHECK_DEBOUNCE_MS);
  const sent = useMemo(
    () => (settled === undefined ? undefined : (JSON.parse(settled) as V1CelDebugRequest)),
    [settled],
  );
  const query = useCelDebug(tenantId, sent);
  if (text === undefined) return { verdict: { kind: 'idle' }, stale: false };
  const stale = text !== settled || query.isPlaceholderData;
  if (query.isPending) return { verdict: { kind: 'checking' }, stale };
  if (query.isError) {
    return { verdict: { kind: 'unavailable', message: errorMessage(query.error) }, stale };
  }
  const answer = query.data;
  return {
    verdict:
      answer.status === 'SUCCESS'
        ? { kind: 'result', output: answer.output === true }
        : { kind: 'error', message: answer.error ?? 'The expression failed.' },
    stale,
  };
}
