// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import SendEventDialog from './send-event-dialog';

const created = {
  metadata: { id: 'e1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  key: 'order.created',
  tenantId: 't1',
};

function renderDialog(answer: Answer = () => created) {
  const onSent = vi.fn();
  const screenState = renderScreen(
    <SendEventDialog
      tenantId="t1"
      eventKeys={['order.created']}
      onClose={vi.fn()}
      onSent={onSent}
    />,
    { answer },
  );
  return { ...screenState, onSent };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send event' }));

describe('SendEventDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires a key and says what is wrong with the JSON as it is typed', async () => {
    const { requests } = renderDialog();
    send();
    expect(await screen.findByText('Key is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Payload'), { target: { value: '[1, 2]' } });
    expect(screen.getByText('Must be a JSON object, e.g. {"key": "value"}.')).toBeTruthy();
    expect(screen.getByLabelText('Payload').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send event' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(requests).toEqual([]);
  });

  it('sends key, payload, metadata and scope, then opens the new event', async () => {
    const { requests, onSent } = renderDialog();
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: ' order.created ' } });
    fireEvent.change(screen.getByLabelText('Payload'), { target: { value: '{"id": 7}' } });
    fireEvent.change(screen.getByLabelText('Additional metadata'), {
      target: { value: '{"env": "dev"}' },
    });
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 'eu' } });
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('e1'));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/api/v1/tenants/t1/events');
    expect(requests[0]?.body).toEqual({
      key: 'order.created',
      data: { id: 7 },
      additionalMetadata: { env: 'dev' },
      scope: 'eu',
    });
  });

  it('shows the server’s field messages under the fields', async () => {
    renderDialog(() =>
      withStatus(400, { errors: [{ field: 'scope', description: 'scope is too long' }] }),
    );
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'k' } });
    send();
    expect(await screen.findByText('scope is too long')).toBeTruthy();
    expect(screen.getByLabelText('Scope').getAttribute('aria-invalid')).toBe('true');
  });
});
