/** A message the server sends: plain text and HTML versions of the same content. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message exists to deliver; the outbox logs it so an operator can pass it on. */
  link: string;
}

/** Where messages go: an SMTP relay, or the outbox when none is configured. */
export interface EmailDelivery {
  /** Short name for log lines. */
  readonly kind: 'smtp' | 'outbox';
  deliver(message: EmailMessage): Promise<void>;
  close(): void;
}

/** The part of the server's logger (pino) the email code writes to. */
export interface EmailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
