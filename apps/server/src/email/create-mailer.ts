import { join } from 'node:path';
import type { Config } from '../config';
import type { EmailLog } from './email-message';
import { Mailer } from './mailer';
import { outboxDelivery } from './outbox-delivery';
import { smtpDelivery } from './smtp-delivery';

/** The mailer the configuration asks for: the SMTP relay, or the outbox in the data folder. */
export function createMailer(config: Config, log: EmailLog): Mailer {
  const { smtp, from } = config.email;
  return new Mailer(
    smtp ? smtpDelivery(smtp, from) : outboxDelivery(join(config.dataDir, 'outbox'), from, log),
    log,
  );
}
