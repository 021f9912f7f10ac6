// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import type { V1Webhook } from '@/types/api';
import { ExpressionInlineEdit } from './expression-inline-edit';

const webhook: V1Webhook = {
  metadata: { id: '0', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  tenantId: 't1',
  name: 'orders',
  sourceName: 'GENERIC',
  eventKeyExpression: 'input.id',
  authType: 'BASIC',
};

function renderEdit(answer: Answer) {
  const state = renderScreen(<ExpressionInlineEdit tenantId="t1" webhook={webhook} />, { answer });
  return { ...state, input: screen.getByLabelText('Event key expression of orders') };
}

describe('ExpressionInlineEdit', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers save and cancel only once changed; Escape puts the saved one back', () => {
    const { input, requests } = renderEdit(() => webhook);
    expect(screen.queryByRole('button', { name: 'Save expression' })).toBeNull();
    fireEvent.change(input, { target: { value: 'input.type' } });
    expect(screen.getByRole('button', { name: 'Save expression' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('input.id');
    expect(screen.queryByRole('button', { name: 'Save expression' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('saves on Enter', async () => {
    const { input, requests } = renderEdit((request) => ({
      ...webhook,
      ...(request.body as object),
    }));
    fireEvent.change(input, { target: { value: ' input.type ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.url.pathname).toBe('/api/v1/stable/tenants/t1/webhooks/orders');
    expect(requests[0]?.body).toEqual({ eventKeyExpression: 'input.type' });
  });

  it('shows why the server refused the expression, under it', async () => {
    const { input } = renderEdit(() =>
      withStatus(400, {
        errors: [
          { field: 'eventKeyExpression', description: 'eventKeyExpression does not compile' },
        ],
      }),
    );
    fireEvent.change(input, { target: { value: 'input.(' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('eventKeyExpression does not compile')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
