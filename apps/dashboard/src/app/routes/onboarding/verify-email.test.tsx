// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer, Request } from '@/testing/render-screen';
import VerifyEmailPage from './verify-email';

const UNVERIFIED = {
  metadata: { id: 'u1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  email: 'ada@example.com',
  emailVerified: false,
  hasPassword: true,
};
const SIGNED_OUT = withStatus(403, {
  errors: [{ description: 'Please provide valid credentials' }],
});

/** The server: `current` for users/current, `routes` for the rest (by path), 200 otherwise. */
function server(current: unknown, routes: Record<string, (request: Request) => unknown> = {}) {
  return ((request) => {
    const path = request.url.pathname.replace('/api/v1/', '');
    if (path === 'users/current') return current;
    if (path === 'meta') return {};
    if (path === 'version') return { version: 'test' };
    if (path === 'users/memberships' || path === 'users/invites') return { rows: [] };
    return routes[path]?.(request) ?? null;
  }) satisfies Answer;
}

const posts = (requests: Request[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.url.pathname === path);

describe('verify-email page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a new link on request and says when the server wants a pause', async () => {
    let resends = 0;
    const { requests } = renderScreen(<VerifyEmailPage />, {
      url: '/onboarding/verify-email',
      answer: server(UNVERIFIED, {
        'users/verify-email/resend': () =>
          ++resends === 1
            ? null
            : withStatus(429, {
                errors: [{ description: 'A verification email was sent less than a minute ago.' }],
              }),
      }),
    });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText(/not in this build/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect(
      (await screen.findByRole('status')).textContent?.includes(
        'A new link is on its way to ada@example.com.',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect(
      await screen.findByText('A verification email was sent less than a minute ago.'),
    ).toBeTruthy();
    expect(posts(requests, '/api/v1/users/verify-email/resend')).toHaveLength(2);
  });

  it('follows a mailed link once, without a session, and offers to sign in', async () => {
    const { requests } = renderScreen(<VerifyEmailPage />, {
      url: '/onboarding/verify-email?token=abc.123.sig',
      answer: server(SIGNED_OUT),
    });
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    const sent = posts(requests, '/api/v1/users/verify-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ token: 'abc.123.sig' });
  });

  it('explains a link that did not work and offers a new one to the signed-in user', async () => {
    renderScreen(<VerifyEmailPage />, {
      url: '/onboarding/verify-email?token=abc.123.sig',
      answer: server(UNVERIFIED, {
        'users/verify-email': () =>
          withStatus(400, {
            errors: [
              {
                field: 'token',
                description: 'This verification link has expired. Send a new one.',
              },
            ],
          }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText('This verification link has expired. Send a new one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the email again' })).toBeTruthy();
  });
});
