import { createTransport } from 'nodemailer';
import type { SmtpConfig } from '../config';
import type { EmailDelivery, EmailMessage } from './email-message';

/**
 * Sends through the configured SMTP relay with nodemailer. `tls` connects over TLS from the
 * start (usually port 465), `starttls` refuses a server that will not upgrade the connection,
 * and `none` stays in plain text (a relay on the same host or network).
 */
export function smtpDelivery(smtp: SmtpConfig, from: string): EmailDelivery {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'tls',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    ...(smtp.auth ? { auth: { user: smtp.auth.user, pass: smtp.auth.password } } : {}),
    // A relay that hangs must not hold a retry slot for nodemailer's default of minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async deliver(message: EmailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}
