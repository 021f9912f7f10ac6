import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@trellis/db';
import { verificationMessage } from '../email/account-messages';
import type { Mailer } from '../email/mailer';
import { insertEmailVerification, useEmailVerification } from './email-verification.queries';
import { getOrCreateSecret } from './server-secrets';
import type { UserRow } from './user.queries';

/** Verification links work for a day. */
export const VERIFICATION_TTL_MS = 24 * 3_600_000;

export type VerifyOutcome = 'verified' | 'invalid' | 'expired' | 'used';

/**
 * Email verification by link. The token is `<row id>.<expiry in unix seconds>.<HMAC-SHA256 of
 * both>` under a server key: a forged or altered token is refused without a query, and the
 * expiry cannot be stretched. The row makes each link single-use.
 */
export class EmailVerification {
  private constructor(
    private readonly db: Database,
    private readonly key: string,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  static async create(db: Database, mailer: Mailer, publicUrl: string) {
    const key = await getOrCreateSecret(db, 'email-verification-key', () =>
      randomBytes(32).toString('base64url'),
    );
    return new EmailVerification(db, key, mailer, publicUrl);
  }

  /** Records a new link for the user's address and mails it (in the background). */
  async send(user: UserRow): Promise<void> {
    const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS);
    const id = await insertEmailVerification(this.db, {
      userId: user.id,
      email: user.email,
      expiresAt,
    });
    const token = signVerificationToken(this.key, id, expiresAt);
    this.mailer.send(
      verificationMessage({
        to: user.email,
        name: user.name,
        link: `${this.publicUrl}/onboarding/verify-email?token=${token}`,
        validHours: VERIFICATION_TTL_MS / 3_600_000,
      }),
    );
  }

  async verify(token: string): Promise<VerifyOutcome> {
    const read = readVerificationToken(this.key, token);
    if (!read) return 'invalid';
    if (read.expiresAt.getTime() <= Date.now()) return 'expired';
    return (await useEmailVerification(this.db, read.id)) ? 'verified' : 'used';
  }
}

export function signVerificationToken(key: string, id: string, expiresAt: Date): string {
  const payload = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(key, payload)}`;
}

function readVerificationToken(key: string, token: string) {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, seconds, presented] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(key, `${id}.${seconds}`));
  if (!timingSafeEqual(expected, Buffer.from(presented))) return undefined;
  return { id, expiresAt: new Date(Number(seconds) * 1000) };
}

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
