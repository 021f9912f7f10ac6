import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first link in the text part. */
  link: string;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package) that keeps what it
 * receives. `failFirst` answers that many messages with a temporary failure before accepting;
 * `broken` refuses every message.
 */
export async function startSmtpServer(options: { failFirst?: number; broken?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let failures = options.failFirst ?? 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      attempts++;
      void simpleParser(stream).then((mail) => {
        if (options.broken || failures > 0) {
          failures--;
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = options.broken ? 554 : 451;
          callback(error);
          return;
        }
        received.push(toReceived(mail));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** How many messages were offered, accepted or not. */
    attempts: () => attempts,
    /** The SMTP settings of a Trellis server that sends here. */
    env: {
      TRELLIS_SMTP_HOST: '127.0.0.1',
      TRELLIS_SMTP_PORT: String(port),
      TRELLIS_SMTP_TLS: 'none',
      TRELLIS_SMTP_FROM: 'Trellis Tests <trellis@example.com>',
    },
    /** Resolves with the next message addressed to `to` (any case), waiting up to 10 s. */
    async messageTo(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find((mail) => mail.to === to.toLowerCase());
        if (found) {
          received.splice(received.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no message to ${to} arrived within 10 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function toReceived(mail: ParsedMail): ReceivedMail {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  const text = mail.text ?? '';
  return {
    to: to?.value[0]?.address?.toLowerCase() ?? '',
    subject: mail.subject ?? '',
    text,
    html: typeof mail.html === 'string' ? mail.html : '',
    link: /https?:\/\/\S+/.exec(text)?.[0] ?? '',
  };
}
