// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import AlertEmailGroupDialog from './alert-email-group-dialog';
import DeleteAlertEmailGroupDialog from './delete-alert-email-group-dialog';

const META = { id: 'g1', createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z' };
const GROUP: TenantAlertEmailGroup = {
  metadata: META,
  emails: ['ops@example.com', 'oncall@example.com'],
};

function renderDialog(answer: Answer, group?: TenantAlertEmailGroup) {
  const onClose = vi.fn();
  const state = renderScreen(
    <AlertEmailGroupDialog tenantId="t1" group={group} onClose={onClose} />,
    { answer },
  );
  return { ...state, onClose };
}

const emailsInput = () => screen.findByLabelText('Emails');

describe('AlertEmailGroupDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the addresses before calling the server', async () => {
    const { requests } = renderDialog(() => ({}));
    await screen.findByRole('heading', { name: 'Create an email group' });
    fireEvent.click(screen.getByRole('button', { name: 'Create email group' }));
    expect((await screen.findByText('Enter at least one email address')).getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(await emailsInput(), { target: { value: 'ops@example.com, not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create email group' }));
    await screen.findByText('Not an email address: not-an-email');
    expect(screen.getByLabelText('Emails').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('creates a group from addresses one a line or comma separated, then closes', async () => {
    const { requests, onClose } = renderDialog(({ body }) =>
      withStatus(201, { metadata: META, emails: (body as { emails: string[] }).emails }),
    );
    fireEvent.change(await emailsInput(), {
      target: { value: 'Ops@Example.com\noncall@example.com, ops@example.com\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create email group' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map(({ method, url, body }) => [method, url.pathname, body])).toEqual([
      [
        'POST',
        '/api/v1/tenants/t1/alerting-email-groups',
        { emails: ['ops@example.com', 'oncall@example.com'] },
      ],
    ]);
  });

  it("edits a group's addresses and shows the server's refusal under the field", async () => {
    const { requests, onClose } = renderDialog(
      () =>
        withStatus(400, {
          errors: [{ field: 'emails.0', description: 'Invalid email address' }],
        }),
      GROUP,
    );
    await screen.findByRole('heading', { name: 'Edit email group' });
    const input = await emailsInput();
    expect((input as HTMLTextAreaElement).value).toBe('ops@example.com\noncall@example.com');
    fireEvent.change(input, { target: { value: 'team@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByText('Invalid email address')).getAttribute('role')).toBe('alert');
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.map(({ method, url, body }) => [method, url.pathname, body])).toEqual([
      ['PATCH', '/api/v1/alerting-email-groups/g1', { emails: ['team@example.com'] }],
    ]);
  });
});

describe('DeleteAlertEmailGroupDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the addresses and deletes the group when confirmed', async () => {
    const onClose = vi.fn();
    const { requests } = renderScreen(
      <DeleteAlertEmailGroupDialog tenantId="t1" group={GROUP} onClose={onClose} />,
      { answer: () => withStatus(204, null) },
    );
    await screen.findByText('ops@example.com, oncall@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Delete email group' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map(({ method, url }) => [method, url.pathname])).toEqual([
      ['DELETE', '/api/v1/alerting-email-groups/g1'],
    ]);
  });
});
