// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import { PASSWORD_RULE_MESSAGE } from '../utils/validation';
import { ChangePasswordDialog } from './change-password-dialog';

const USER = {
  metadata: { id: 'u1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  email: 'ada@example.com',
  emailVerified: true,
  hasPassword: true,
};

async function openDialog(answer: Answer) {
  const onClose = vi.fn();
  const { requests } = renderScreen(<ChangePasswordDialog onClose={onClose} />, { answer });
  // The dialog's code loads on first use.
  await screen.findByRole('dialog', { name: 'Change password' });
  return { onClose, requests };
}

function fill(values: { current?: string; next?: string; confirm?: string }) {
  const set = (label: string, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  set('Current password', values.current);
  set('New password', values.next);
  set('Confirm new password', values.confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the three fields before calling the server', async () => {
    const { requests } = await openDialog(() => USER);
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    fill({});
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('Enter a password.')).toBeTruthy();
    expect(screen.getByText('Enter the new password again.')).toBeTruthy();

    fill({ current: 'Old-passw0rd', next: 'weakpass', confirm: 'weakpass' });
    expect(screen.getByText(PASSWORD_RULE_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    fill({ next: 'New-passw0rd', confirm: 'New-passw0rd!' });
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('says so under the field when the current password is wrong', async () => {
    const { onClose } = await openDialog(() =>
      withStatus(400, { errors: [{ field: 'password', description: 'invalid credentials' }] }),
    );
    fill({ current: 'Wrong-passw0rd', next: 'New-passw0rd', confirm: 'New-passw0rd' });
    expect(await screen.findByText('This is not your current password.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message.
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'x' } });
    expect(screen.queryByText('This is not your current password.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's password rule under the new password", async () => {
    await openDialog(() =>
      withStatus(400, { errors: [{ field: 'newPassword', description: 'Invalid password.' }] }),
    );
    fill({ current: 'Old-passw0rd', next: 'New-passw0rd', confirm: 'New-passw0rd' });
    expect(await screen.findByText('Invalid password.')).toBeTruthy();
  });

  it('sends the current and new password, then closes', async () => {
    const { onClose, requests } = await openDialog(() => USER);
    fill({ current: 'Old-passw0rd', next: 'New-passw0rd', confirm: 'New-passw0rd' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe('/api/v1/users/password');
    expect(requests[0]!.body).toEqual({ password: 'Old-passw0rd', newPassword: 'New-passw0rd' });
  });
});
