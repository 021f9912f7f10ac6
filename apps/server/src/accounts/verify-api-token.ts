import type { Queryable } from '@trellis/db';
import type { ApiTokenSigner } from './api-token-signer';
import { findUsableApiToken } from './api-token.queries';

/**
 * The one check of an API token, for REST and gRPC alike: the signature, issuer, audience and
 * expiry verify, and its row still exists for that tenant, not revoked and not expired.
 */
export async function verifyApiToken(
  db: Queryable,
  signer: ApiTokenSigner,
  token: string,
): Promise<{ tenantId: string; tokenId: string } | undefined> {
  const claims = await signer.verify(token);
  if (!claims) return undefined;
  const row = await findUsableApiToken(db, claims.tokenId);
  return row && row.tenantId === claims.tenantId ? claims : undefined;
}
