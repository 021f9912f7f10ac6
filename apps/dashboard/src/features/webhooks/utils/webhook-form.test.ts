import { describe, expect, it } from 'vitest';
import {
  INITIAL_WEBHOOK_FORM,
  createWebhookRequest,
  effectiveAuthType,
  validateWebhookForm,
  withSource,
} from './webhook-form';
import { webhookReceiveUrl } from './webhook-url';

const form = { ...INITIAL_WEBHOOK_FORM, name: 'orders' };

describe('create webhook form', () => {
  it('asks for the fields of the chosen authentication only', () => {
    expect(validateWebhookForm(form)).toEqual({
      'auth.username': 'Username is required',
      'auth.password': 'Password is required',
    });
    expect(validateWebhookForm({ ...form, authType: 'HMAC', signatureHeaderName: ' ' })).toEqual({
      'auth.signingSecret': 'Signing secret is required',
      'auth.signatureHeaderName': 'Signature header name is required',
    });
    expect(validateWebhookForm({ ...form, sourceName: 'GITHUB', signingSecret: 's' })).toEqual({});
    expect(validateWebhookForm({ ...form, name: 'a b', eventKeyExpression: '' })).toMatchObject({
      name: 'Use only letters, digits, "-", "_" and "."',
      eventKeyExpression: 'Event key expression is required',
    });
  });

  it('sends the chosen authentication for a generic source', () => {
    expect(
      createWebhookRequest({ ...form, authType: 'API_KEY', headerName: ' X-Key ', apiKey: 'k' }),
    ).toEqual({
      name: 'orders',
      sourceName: 'GENERIC',
      eventKeyExpression: 'input.id',
      authType: 'API_KEY',
      auth: { headerName: 'X-Key', apiKey: 'k' },
    });
  });

  it('signs a service source with HMAC SHA256 HEX in its own header', () => {
    const stripe = {
      ...form,
      sourceName: 'STRIPE' as const,
      authType: 'BASIC' as const,
      signingSecret: 'whsec_1',
    };
    expect(effectiveAuthType(stripe)).toBe('HMAC');
    expect(createWebhookRequest(stripe)).toMatchObject({
      authType: 'HMAC',
      auth: {
        algorithm: 'SHA256',
        encoding: 'HEX',
        signatureHeaderName: 'Stripe-Signature',
        signingSecret: 'whsec_1',
      },
    });
  });

  it('keys Slack events by type unless the expression was changed', () => {
    expect(withSource(form, 'SLACK').eventKeyExpression).toBe('input.type');
    expect(withSource(withSource(form, 'SLACK'), 'GITHUB').eventKeyExpression).toBe('input.id');
    expect(
      withSource({ ...form, eventKeyExpression: 'headers["x-kind"]' }, 'SLACK').eventKeyExpression,
    ).toBe('headers["x-kind"]');
  });

  it('builds the receive URL with the port', () => {
    expect(webhookReceiveUrl('http://localhost:8080', 't1', 'my hook')).toBe(
      'http://localhost:8080/api/v1/stable/tenants/t1/webhooks/my%20hook',
    );
  });
});
