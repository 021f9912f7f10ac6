// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateApiTokenDialog } from './create-api-token-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <CreateApiTokenDialog tenantId="t1" open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn().mockResolvedValue(Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('CreateApiTokenDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires a name before calling the server', () => {
    const fetch = answer(200, { token: 'a.b.c' });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows server field errors under the field', async () => {
    answer(400, { errors: [{ field: 'expiresIn', description: 'invalid expiration duration' }] });
    renderDialog();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    const message = await screen.findByText('invalid expiration duration');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Expires in').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the name and lifetime, shows the token once, and forgets it on close', async () => {
    const fetch = answer(200, { token: 'header.payload.signature' });
    renderDialog();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ci-deploy ' } });
    fireEvent.change(screen.getByLabelText('Expires in'), { target: { value: '7776000s' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));

    expect((await screen.findByTestId('api-token-value')).textContent).toBe(
      'header.payload.signature',
    );
    expect(screen.getByText('Copy this token now: it is shown only once')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:3000/api/v1/tenants/t1/api-tokens');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'ci-deploy', expiresIn: '7776000s' });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-token-value')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('header.payload.signature')).toBeNull();
  });
});
