import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { EmailDelivery, EmailLog, EmailMessage } from './email-message';

/**
 * With no SMTP relay configured, each message becomes an `.eml` file in `<data dir>/outbox`
 * and one log line naming its recipient, subject and link. Files rather than a table: the
 * embedded database is held open by the running server, so an operator could not query a
 * table without stopping it, while the files can be read (or opened in any mail client) at
 * any time. They hold exactly what SMTP would have carried, composed by the same library.
 */
export function outboxDelivery(directory: string, from: string, log: EmailLog): EmailDelivery {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async deliver(message: EmailMessage) {
      const composed = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(directory, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // The links verify accounts: readable by the server's own user only.
      await writeFile(file, composed.message, { mode: 0o600 });
      log.info(
        { email: { to: message.to, subject: message.subject, link: message.link, file } },
        'email kept in the outbox (no SMTP server is configured)',
      );
    },
    close: () => composer.close(),
  };
}
