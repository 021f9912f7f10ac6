import { describe, expect, it } from 'vitest';
import { validateWebhookWorkerForm } from './webhook-worker-form';

describe('validateWebhookWorkerForm', () => {
  it('takes an http or https URL and an optional name', () => {
    expect(validateWebhookWorkerForm({ url: 'https://worker.example.com/hook', name: '' })).toEqual(
      {},
    );
  });

  it('asks for a URL, a valid one, of http or https', () => {
    expect(validateWebhookWorkerForm({ url: ' ', name: '' })['url']).toBe('URL is required');
    expect(validateWebhookWorkerForm({ url: 'worker', name: '' })['url']).toContain('valid');
    expect(validateWebhookWorkerForm({ url: 'ftp://host/x', name: '' })['url']).toContain('http');
  });

  it('refuses a name longer than 255 characters', () => {
    const errors = validateWebhookWorkerForm({ url: 'http://a.b/c', name: 'n'.repeat(256) });
    expect(errors['name']).toContain('255');
  });
});
