/**
 * The fields of a filter being created or edited, checked before they are sent with the
 * rules the server applies (so the messages show at once, under the field).
 */
import { parseJsonObject } from '@/lib/json-object';
import type { FieldErrors } from '@/lib/api-error';

export interface FilterFormValues {
  workflowId: string;
  scope: string;
  expression: string;
  /** The filter's payload, as typed (JSON text). */
  payload: string;
}

/** Messages per field; empty when the form can be sent. */
export function validateFilterForm(
  values: FilterFormValues,
  options: { needsWorkflow: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  if (options.needsWorkflow && values.workflowId === '') errors.workflowId = 'Choose a workflow';
  if (values.scope.trim() === '') errors.scope = 'Scope is required';
  if (values.expression.trim() === '') errors.expression = 'Expression is required';
  const payload = parseJsonObject(values.payload);
  if (!payload.ok) errors.payload = payload.message;
  return errors;
}

/** The request body fields shared by create and update; call after validating. */
export function filterBody(values: FilterFormValues) {
  const payload = parseJsonObject(values.payload);
  return {
    scope: values.scope.trim(),
    expression: values.expression.trim(),
    payload: payload.ok ? payload.value : {},
  };
}
