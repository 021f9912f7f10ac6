import { describe, expect, it } from 'vitest';
import { filterBody, validateFilterForm } from './filter-form';

const values = { workflowId: 'w1', scope: ' eu ', expression: ' input.ok ', payload: '' };

describe('filter form', () => {
  it('requires a workflow (when creating), a scope, an expression and an object payload', () => {
    expect(validateFilterForm(values, { needsWorkflow: true })).toEqual({});
    expect(
      validateFilterForm(
        { workflowId: '', scope: ' ', expression: '', payload: '[1]' },
        { needsWorkflow: true },
      ),
    ).toEqual({
      workflowId: 'Choose a workflow',
      scope: 'Scope is required',
      expression: 'Expression is required',
      payload: 'Must be a JSON object, e.g. {"key": "value"}.',
    });
    expect(validateFilterForm({ ...values, workflowId: '' }, { needsWorkflow: false })).toEqual({});
  });

  it('sends trimmed text and a blank payload as {}', () => {
    expect(filterBody(values)).toEqual({ scope: 'eu', expression: 'input.ok', payload: {} });
    expect(filterBody({ ...values, payload: '{"min": 5}' }).payload).toEqual({ min: 5 });
  });
});
