import { useState } from 'react';
import { useJsonText } from '@/hooks/use-json-text';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { jsonObjectText } from '@/lib/json-object';
import { filterBody, validateFilterForm } from '../utils/filter-form';
import { useExpressionCheck } from './use-expression-check';

export interface FilterFormInitial {
  workflowId: string;
  scope: string;
  expression: string;
  payload?: Record<string, unknown>;
}

/**
 * A filter being created or edited: its fields, their messages (from the checks here or the
 * server), and the live check of the expression on a sample event with the filter's payload.
 */
export function useFilterForm(tenantId: string, initial: FilterFormInitial) {
  const [workflowId, setWorkflowIdValue] = useState(initial.workflowId);
  const [scope, setScopeValue] = useState(initial.scope);
  const [expression, setExpressionValue] = useState(initial.expression);
  const payload = useJsonText(jsonObjectText(initial.payload));
  /** The event payload the expression is checked on; not saved. */
  const sample = useJsonText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const check = useExpressionCheck(
    tenantId,
    payload.parsed.ok && sample.parsed.ok
      ? { expression, input: sample.parsed.value, filterPayload: payload.parsed.value }
      : undefined,
  );

  const editing = (field: string) => setErrors((current) => withoutField(current, field));
  const values = { workflowId, scope, expression, payload: payload.text };

  return {
    workflowId,
    setWorkflowId: (value: string) => {
      setWorkflowIdValue(value);
      editing('workflowId');
    },
    scope,
    setScope: (value: string) => {
      setScopeValue(value);
      editing('scope');
    },
    expression,
    setExpression: (value: string) => {
      setExpressionValue(value);
      editing('expression');
    },
    payload,
    sample,
    check,
    errors,
    setErrors,
    /** Shows the messages and says whether the form can be sent. */
    validate: (options: { needsWorkflow: boolean }) => {
      const found = validateFilterForm(values, options);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    body: () => filterBody(values),
  };
}

export type FilterForm = ReturnType<typeof useFilterForm>;

/** The fields the server may name in its messages about a filter. */
export const FILTER_FIELDS = ['workflowId', 'scope', 'expression', 'payload'] as const;
