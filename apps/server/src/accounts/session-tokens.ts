import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

/** A new random session secret for the cookie, and the hash the database keeps. */
export function createSessionToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * The anti-forgery token of a session: an HMAC of the session secret, so it cannot be forged
 * without the server key and changes with every session (signed double-submit cookie).
 */
export function xsrfTokenFor(xsrfKey: string, sessionToken: string): string {
  return createHmac('sha256', xsrfKey).update(sessionToken).digest('base64url');
}

export function xsrfTokenMatches(
  xsrfKey: string,
  sessionToken: string,
  presented: string | undefined,
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(xsrfTokenFor(xsrfKey, sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
