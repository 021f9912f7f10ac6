import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp-test-server';
import type { EmailLog, EmailMessage } from './email-message';
import { Mailer } from './mailer';
import { outboxDelivery } from './outbox-delivery';
import { smtpDelivery } from './smtp-delivery';

const message: EmailMessage = {
  to: 'someone@example.com',
  subject: 'Hello',
  text: 'Open https://trellis.test/x\n',
  html: '<p>Open</p>',
  link: 'https://trellis.test/x',
};

/** A logger that keeps its lines as pino would write them: one JSON object each. */
function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const write = (level: string) => (details: object, msg: string) =>
    lines.push(JSON.parse(JSON.stringify({ level, ...details, msg })) as Record<string, unknown>);
  const log: EmailLog = { info: write('info'), warn: write('warn'), error: write('error') };
  return { log, lines };
}

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(options: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  cleanups.push(server.close);
  const delivery = smtpDelivery(
    { host: '127.0.0.1', port: server.port, tls: 'none', auth: undefined },
    'Trellis <trellis@example.com>',
  );
  return { server, delivery };
}

describe('Mailer', () => {
  it('retries a temporary failure and delivers the message once', async () => {
    const { server, delivery } = await smtp({ failFirst: 2 });
    const { log, lines } = recordingLog();
    const mailer = new Mailer(delivery, log, [10, 10]);
    mailer.send(message);
    const mail = await server.messageTo(message.to);
    expect(mail.subject).toBe('Hello');
    await mailer.close();
    expect(server.attempts()).toBe(3);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'email not sent: will retry'],
      ['warn', 'email not sent: will retry'],
      ['info', 'email sent'],
    ]);
    // The link is a credential: it stays out of the SMTP mode's log lines.
    expect(JSON.stringify(lines)).not.toContain(message.link);
  });

  it('logs the last failure and gives up', async () => {
    const { server, delivery } = await smtp({ broken: true });
    const { log, lines } = recordingLog();
    const mailer = new Mailer(delivery, log, [10]);
    mailer.send(message);
    await until(() => lines.some((line) => line.level === 'error'));
    await mailer.close();
    expect(server.attempts()).toBe(2);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      msg: 'email not sent: giving up',
      attempt: 2,
      email: { to: message.to, subject: 'Hello' },
    });
  });

  it('gives up a waiting retry when closed, saying so', async () => {
    const { delivery } = await smtp({ broken: true });
    const { log, lines } = recordingLog();
    const mailer = new Mailer(delivery, log, [60_000]);
    mailer.send(message);
    await until(() => lines.length === 1);
    await mailer.close();
    expect(lines.map((line) => line.msg)).toEqual([
      'email not sent: will retry',
      'email not sent: the server stopped before its retry',
    ]);
  });
});

describe('outboxDelivery', () => {
  it('writes the message as a file and logs one line with recipient, subject, link and file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'trellis-outbox-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const { log, lines } = recordingLog();
    const mailer = new Mailer(
      outboxDelivery(join(directory, 'outbox'), 'Trellis <t@example.com>', log),
      log,
    );
    mailer.send(message);
    await until(() => lines.length === 1);
    await mailer.close();
    const line = lines[0]!;
    expect(line).toMatchObject({
      level: 'info',
      email: { to: message.to, subject: 'Hello', link: message.link },
    });
    const file = (line.email as { file: string }).file;
    expect(file.startsWith(join(directory, 'outbox'))).toBe(true);
    const eml = await readFile(file, 'utf8');
    expect(eml).toContain('To: someone@example.com');
    expect(eml).toContain('Subject: Hello');
  });
});
