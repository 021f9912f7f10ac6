import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toReceived } from './smtp-test-server';
import { registerUser, startTestApp, TEST_PUBLIC_URL, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  // No SMTP server: messages are kept in the outbox. Verification is asked for explicitly
  // (by default it is off without SMTP), as an operator forwarding links would set it.
  t = await startTestApp({ TRELLIS_EMAIL_VERIFICATION: 'required' });
});
afterAll(async () => t.close());

const outbox = () => join(t.dataDir, 'outbox');

/** The outbox message to `to`, parsed, once its file has been written (up to 10 s). */
async function outboxMessageTo(to: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = await readdir(outbox()).catch(() => [] as string[]);
    for (const file of files) {
      const mail = toReceived(await simpleParser(await readFile(join(outbox(), file))));
      if (mail.to === to.toLowerCase()) return { ...mail, file: join(outbox(), file) };
    }
    if (Date.now() > deadline) throw new Error(`no outbox message to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the outbox, with no SMTP server configured', () => {
  it('keeps the verification message as a file only the server can read; its link works', async () => {
    const { client, email } = await registerUser(t.app);
    const mail = await outboxMessageTo(email);
    expect(mail.file.endsWith('.eml')).toBe(true);
    expect((await stat(mail.file)).mode & 0o777).toBe(0o600);
    expect(mail.subject).toBe('Verify your email address for Trellis');
    expect(mail.link.startsWith(`${TEST_PUBLIC_URL}/onboarding/verify-email?token=`)).toBe(true);

    const token = new URL(mail.link).searchParams.get('token');
    expect((await client.post('/api/v1/users/verify-email', { token })).status).toBe(200);
    const current = await client.get<{ emailVerified: boolean }>('/api/v1/users/current');
    expect(current.body.emailVerified).toBe(true);
  });

  it('keeps invites too', async () => {
    // Unverified users cannot create tenants: the owner follows their link from the outbox.
    const { client, email } = await registerUser(t.app);
    const token = new URL((await outboxMessageTo(email)).link).searchParams.get('token');
    await client.post('/api/v1/users/verify-email', { token });
    const tenant = await client.post<{ metadata: { id: string } }>('/api/v1/tenants', {
      name: 'Outbox Team',
      slug: `outbox-${Date.now()}`,
    });
    const invitee = `outbox-invitee-${Date.now()}@example.com`;
    await client.post(`/api/v1/tenants/${tenant.body.metadata.id}/invites`, {
      email: invitee,
      role: 'ADMIN',
    });
    const mail = await outboxMessageTo(invitee);
    expect(mail.subject).toBe('You are invited to join Outbox Team on Trellis');
    expect(mail.link).toBe(`${TEST_PUBLIC_URL}/onboarding/invites`);
  });
});
