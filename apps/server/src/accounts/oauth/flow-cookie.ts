import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { base64url, EncryptJWT, jwtDecrypt } from 'jose';
import { getOrCreateSecret } from '../server-secrets';
import type { FlowChecks } from './sign-in-provider';

/** A sign-in has ten minutes between leaving for the provider and coming back. */
export const FLOW_TTL_SECONDS = 600;

/**
 * Keeps a sign-in's checks in the browser between start and callback, so that no server state
 * is needed and any server process can finish the flow. The cookie is an encrypted JWT (JWE,
 * A256GCM) under a server key: it cannot be read (the PKCE verifier stays secret), altered or
 * forged, it expires, and it names its provider.
 */
export class FlowCookie {
  private constructor(private readonly key: Uint8Array) {}

  static async create(db: Queryable): Promise<FlowCookie> {
    const key = await getOrCreateSecret(db, 'oauth-flow-key', () =>
      randomBytes(32).toString('base64url'),
    );
    return new FlowCookie(base64url.decode(key));
  }

  seal(provider: OAuthProvider, checks: FlowChecks): Promise<string> {
    return new EncryptJWT({ ...checks })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setAudience(provider)
      .setIssuedAt()
      .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
      .encrypt(this.key);
  }

  /** The checks sealed for `provider`; undefined when the value is not one, or has expired. */
  async open(provider: OAuthProvider, sealed: string): Promise<FlowChecks | undefined> {
    try {
      const { payload } = await jwtDecrypt(sealed, this.key, { audience: provider });
      const { state, nonce, codeVerifier } = payload;
      if (
        typeof state !== 'string' ||
        typeof nonce !== 'string' ||
        typeof codeVerifier !== 'string'
      )
        return undefined;
      return { state, nonce, codeVerifier };
    } catch {
      return undefined;
    }
  }
}
