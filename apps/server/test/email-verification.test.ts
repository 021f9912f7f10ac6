import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrors } from '@trellis/api-contract';
import { insertEmailVerification } from '../src/accounts/email-verification.queries';
import { signVerificationToken } from '../src/accounts/email-verification';
import { startSmtpServer } from './smtp-test-server';
import { registerUser, startTestApp, TEST_PUBLIC_URL, TestClient, type TestApp } from './test-app';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // With an SMTP server configured, verification is required by default.
  t = await startTestApp(smtp.env);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const verify = (client: TestClient, token: string) =>
  client.post<ApiErrors>('/api/v1/users/verify-email', { token });

/** A registered user who followed the link in their verification message. */
async function registerVerified() {
  const user = await registerUser(t.app);
  const mail = await smtp.messageTo(user.email);
  expect((await verify(user.client, tokenOf(mail.link))).status).toBe(200);
  return user;
}

describe('registration', () => {
  it('mails a link that verifies the address once', async () => {
    const { client, email } = await registerUser(t.app, 'Grace');
    const current = await client.get<{ emailVerified: boolean }>('/api/v1/users/current');
    expect(current.body.emailVerified).toBe(false);

    const mail = await smtp.messageTo(email);
    expect(mail.subject).toBe('Verify your email address for Trellis');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.link.startsWith(`${TEST_PUBLIC_URL}/onboarding/verify-email?token=`)).toBe(true);
    expect(mail.html).toContain('Verify email address');

    // Before verifying, only the current user, sign-out and resend are open.
    const refused = await client.post<ApiErrors>('/api/v1/tenants', {
      name: 'x',
      slug: `x-${Date.now()}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]?.description).toBe('Please verify your email before continuing');
    expect((await client.get('/api/v1/users/memberships')).status).toBe(401);

    // The link works from a browser with no session too: the token is the credential.
    expect((await verify(new TestClient(t.app), tokenOf(mail.link))).status).toBe(200);
    const after = await client.get<{ emailVerified: boolean }>('/api/v1/users/current');
    expect(after.body.emailVerified).toBe(true);
    const created = await client.post('/api/v1/tenants', { name: 'x', slug: `x-${Date.now()}` });
    expect(created.status).toBe(200);

    const again = await verify(client, tokenOf(mail.link));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      { field: 'token', description: 'This verification link has already been used.' },
    ]);
  });

  it('refuses an expired link', async () => {
    const { client, userId, email } = await registerUser(t.app);
    await smtp.messageTo(email);
    const { rows } = await t.db.query<{ value: string }>(
      "SELECT value FROM server_secrets WHERE name = 'email-verification-key'",
    );
    const expiresAt = new Date(Date.now() - 1000);
    const id = await insertEmailVerification(t.db, { userId, email, expiresAt });
    const expired = await verify(client, signVerificationToken(rows[0]!.value, id, expiresAt));
    expect(expired.status).toBe(400);
    expect(expired.body.errors[0]?.description).toMatch(/^This verification link has expired/);
    expect(
      (await client.get<{ emailVerified: boolean }>('/api/v1/users/current')).body.emailVerified,
    ).toBe(false);
  });

  it('refuses a link whose token was altered or made up', async () => {
    const { client, email } = await registerUser(t.app);
    const token = tokenOf((await smtp.messageTo(email)).link);
    const [id, seconds, signature] = token.split('.') as [string, string, string];
    // A later expiry under the old signature, a changed signature, and no token at all.
    for (const forged of [
      `${id}.${Number(seconds) + 86_400}.${signature}`,
      `${id}.${seconds}.${signature.slice(0, -2)}AA`,
      'not-a-token',
    ]) {
      const response = await verify(client, forged);
      expect(response.status).toBe(400);
      expect(response.body.errors[0]?.description).toMatch(/^This verification link is not valid/);
    }
    const missing = await client.post<ApiErrors>('/api/v1/users/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]?.field).toBe('token');
  });
});

describe('resend', () => {
  it('mails a new link, at most one a minute per account', async () => {
    const { client, email } = await registerUser(t.app);
    const first = await smtp.messageTo(email);

    expect((await client.post('/api/v1/users/verify-email/resend')).status).toBe(200);
    const second = await smtp.messageTo(email);
    expect(tokenOf(second.link)).not.toBe(tokenOf(first.link));

    const limited = await client.post<ApiErrors>('/api/v1/users/verify-email/resend');
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]?.description).toMatch(/less than a minute ago/);

    // Either link verifies; after that, the other one is spent.
    expect((await verify(client, tokenOf(second.link))).status).toBe(200);
    expect((await verify(client, tokenOf(first.link))).status).toBe(400);
  });

  it('refuses a verified account and a caller without a session', async () => {
    const { client } = await registerVerified();
    const verified = await client.post<ApiErrors>('/api/v1/users/verify-email/resend');
    expect(verified.status).toBe(400);
    expect(verified.body.errors[0]?.description).toBe('Your email address is already verified.');
    expect((await new TestClient(t.app).post('/api/v1/users/verify-email/resend')).status).toBe(
      403,
    );
  });
});

describe('invites', () => {
  it('mail the invitee a link to the invites screen', async () => {
    const owner = await registerVerified();
    const slug = `mail-${Date.now()}`;
    const tenant = await owner.client.post<{ metadata: { id: string } }>('/api/v1/tenants', {
      name: 'Mail Team',
      slug,
    });
    const invitee = `invitee-${Date.now()}@example.com`;
    const invite = await owner.client.post(`/api/v1/tenants/${tenant.body.metadata.id}/invites`, {
      email: invitee.toUpperCase(),
      role: 'MEMBER',
    });
    expect(invite.status).toBe(201);
    const mail = await smtp.messageTo(invitee);
    expect(mail.subject).toBe('You are invited to join Mail Team on Trellis');
    expect(mail.text).toContain(`${owner.email} invited you to join the tenant "Mail Team"`);
    expect(mail.link).toBe(`${TEST_PUBLIC_URL}/onboarding/invites`);
  });
});

describe('a broken SMTP server', () => {
  it('does not fail the registration that sends the message', async () => {
    const broken = await startSmtpServer({ broken: true });
    const app = await startTestApp(broken.env);
    try {
      const { client, email } = await registerUser(app.app);
      const current = await client.get<{ email: string; emailVerified: boolean }>(
        '/api/v1/users/current',
      );
      expect(current.body).toMatchObject({ email, emailVerified: false });
      // The relay was tried (and refused the message) after the request had been answered.
      const deadline = Date.now() + 10_000;
      while (broken.attempts() === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(broken.attempts()).toBe(1);
      expect(broken.received).toEqual([]);
    } finally {
      await app.close();
      await broken.close();
    }
  });

  it('nor one whose server is not listening at all', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const app = await startTestApp(gone.env);
    try {
      const started = Date.now();
      const { client } = await registerUser(app.app);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await client.get('/api/v1/users/current')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
