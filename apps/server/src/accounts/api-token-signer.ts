import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { Queryable } from '@trellis/db';
import { getOrCreateSecret } from './server-secrets';

/** Claims every Trellis API token carries; the SDKs read `sub`, `server_url` and `grpc_broadcast_address`. */
export interface ApiTokenClaims {
  tenantId: string;
  tokenId: string;
  expiresAt: Date;
}

export interface ApiTokenSigner {
  sign(claims: ApiTokenClaims): Promise<string>;
  /** Verifies signature, issuer, audience and expiry; returns the claims or undefined. */
  verify(token: string): Promise<Omit<ApiTokenClaims, 'expiresAt'> | undefined>;
}

const KEY_SECRET_NAME = 'api-token-signing-key';

/**
 * ES256 signer whose key pair is generated once and kept in the database, so every server
 * process signs and verifies with the same key and tokens survive restarts.
 */
export async function createApiTokenSigner(
  db: Queryable,
  options: { publicUrl: string; grpcBroadcastAddress: string },
): Promise<ApiTokenSigner> {
  const stored = await getOrCreateSecret(db, KEY_SECRET_NAME, async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return JSON.stringify({ ...(await exportJWK(privateKey)), kid: randomUUID() });
  });
  const jwk = JSON.parse(stored) as JWK & { kid: string };
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey;
  const { d: _private, ...publicJwk } = jwk;
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
  const { publicUrl, grpcBroadcastAddress } = options;

  return {
    sign: ({ tenantId, tokenId, expiresAt }) =>
      new SignJWT({
        token_id: tokenId,
        server_url: publicUrl,
        grpc_broadcast_address: grpcBroadcastAddress,
      })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' })
        .setSubject(tenantId)
        .setIssuer(publicUrl)
        .setAudience(publicUrl)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: publicUrl,
          audience: publicUrl,
          algorithms: ['ES256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.token_id !== 'string')
          return undefined;
        return { tenantId: payload.sub, tokenId: payload.token_id };
      } catch {
        return undefined;
      }
    },
  };
}
