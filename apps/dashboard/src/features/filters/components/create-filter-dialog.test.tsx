// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import type { Request } from '@/testing/render-screen';
import type { V1CelDebugRequest } from '@/types/api';
import CreateFilterDialog from './create-filter-dialog';

/** The CEL debugger, as far as these tests need it. */
function answer(request: Request) {
  if (request.url.pathname.endsWith('/cel/debug')) {
    const { expression, input, filterPayload } = request.body as V1CelDebugRequest;
    if (expression.trim().endsWith('>')) {
      return { status: 'ERROR', error: 'Syntax error: expecting an operand' };
    }
    return { status: 'SUCCESS', output: Number(input.amount) > Number(filterPayload?.min) };
  }
  return { ...(request.body as object), metadata: { id: 'f1' } };
}

function renderDialog() {
  const onCreated = vi.fn();
  const state = renderScreen(
    <CreateFilterDialog
      tenantId="t1"
      workflows={[{ id: '6f1c4c2a-0000-4000-8000-000000000001', name: 'pipeline' }]}
      onClose={vi.fn()}
      onCreated={onCreated}
    />,
    { answer },
  );
  return { ...state, onCreated };
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const verdict = () => screen.getByTestId('expression-verdict').textContent ?? '';

describe('CreateFilterDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the expression on the sample event after a pause in typing', async () => {
    const { requests } = renderDialog();
    change('Expression', 'input.amount >');
    await waitFor(() => expect(verdict()).toContain('expecting an operand'));
    expect(screen.getByLabelText('Expression').getAttribute('aria-invalid')).toBe('true');

    change('Expression', 'input.amount > payload.min');
    change('Payload', '{"min": 100}');
    change('Sample event', '{"amount": 120}');
    await waitFor(() => expect(verdict()).toContain('it is true'));
    change('Sample event', '{"amount": 50}');
    await waitFor(() => expect(verdict()).toContain('it is false'));
    // Only settled text was sent, with the filter's payload and the sample.
    const checks = requests.filter((request) => request.url.pathname.endsWith('/cel/debug'));
    expect(checks.length).toBeLessThanOrEqual(4);
    expect(checks.at(-1)?.body).toEqual({
      expression: 'input.amount > payload.min',
      input: { amount: 50 },
      filterPayload: { min: 100 },
    });
  });

  it('requires workflow, scope and expression, then creates the filter', async () => {
    const { requests, onCreated } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create filter' }));
    expect(await screen.findByText('Choose a workflow')).toBeTruthy();
    expect(screen.getByText('Scope is required')).toBeTruthy();

    change('Workflow', '6f1c4c2a-0000-4000-8000-000000000001');
    change('Scope', ' eu ');
    change('Expression', 'input.amount > payload.min');
    fireEvent.click(screen.getByRole('button', { name: 'Create filter' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const create = requests.find(
      (request) => request.method === 'POST' && request.url.pathname.endsWith('/filters'),
    );
    expect(create?.body).toEqual({
      workflowId: '6f1c4c2a-0000-4000-8000-000000000001',
      scope: 'eu',
      expression: 'input.amount > payload.min',
      payload: {},
    });
  });
});
