// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import CreateWebhookDialog from './create-webhook-dialog';

const ORIGIN = 'http://localhost:8080';

function renderDialog() {
  const onCreated = vi.fn();
  const state = renderScreen(
    <CreateWebhookDialog tenantId="t1" origin={ORIGIN} onClose={vi.fn()} onCreated={onCreated} />,
    { answer: (request) => ({ ...(request.body as object), metadata: { id: '0' } }) },
  );
  return { ...state, onCreated };
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const script = () => screen.getByRole('figure').textContent ?? '';

describe('CreateWebhookDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the receive URL with the port as the name is typed', () => {
    renderDialog();
    expect(screen.getByTestId('webhook-url').textContent).toBe(
      `${ORIGIN}/api/v1/stable/tenants/t1/webhooks/<name>`,
    );
    change('Name', 'orders');
    expect(screen.getByTestId('webhook-url').textContent).toBe(
      `${ORIGIN}/api/v1/stable/tenants/t1/webhooks/orders`,
    );
    expect(screen.getByRole('button', { name: 'Copy webhook URL' })).toBeTruthy();
  });

  it('asks for the fields of the chosen authentication, with a matching test command', () => {
    renderDialog();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(script()).toContain('-u "$WEBHOOK_USERNAME:$WEBHOOK_PASSWORD"');

    change('Authentication type', 'API_KEY');
    change('Header name', 'X-Token');
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(script()).toContain('-H "X-Token: $WEBHOOK_API_KEY"');

    change('Authentication type', 'HMAC');
    change('Encoding', 'BASE64');
    expect(script()).toContain('openssl base64 -A');

    // A service signs with its own scheme: only its secret is asked.
    change('Source', 'SLACK');
    expect(screen.queryByLabelText('Authentication type')).toBeNull();
    expect(screen.getByLabelText('Signing secret')).toBeTruthy();
    expect((screen.getByLabelText('Event key expression') as HTMLInputElement).value).toBe(
      'input.type',
    );
    expect(script()).toContain('X-Slack-Signature: v0=$SIGNATURE');
  });

  it('refuses to send without the credentials, then sends the service’s HMAC settings', async () => {
    const { requests, onCreated } = renderDialog();
    change('Name', 'billing');
    change('Source', 'STRIPE');
    fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('Signing secret is required')).toBeTruthy();
    expect(requests).toEqual([]);

    change('Signing secret', 'whsec_1');
    fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requests[0]?.url.pathname).toBe('/api/v1/stable/tenants/t1/webhooks');
    expect(requests[0]?.body).toEqual({
      name: 'billing',
      sourceName: 'STRIPE',
      eventKeyExpression: 'input.id',
      authType: 'HMAC',
      auth: {
        algorithm: 'SHA256',
        encoding: 'HEX',
        signatureHeaderName: 'Stripe-Signature',
        signingSecret: 'whsec_1',
      },
    });
  });
});
