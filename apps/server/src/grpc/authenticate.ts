/**
 * Every gRPC call carries `authorization: bearer <api token>`. The token must verify with the
 * server's ES256 key (the same signer as REST) and still be usable in the token table (not
 * revoked, not expired). A positive check is remembered briefly so that heartbeats and the
 * per-task hot path do not cost a query each: a revocation takes effect within that time.
 */
import type { IncomingHttpHeaders } from 'node:http2';
import type { Queryable } from '@trellis/db';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import { verifyApiToken } from '../accounts/verify-api-token';
import { GrpcError, Status } from './transport/status';

export const TOKEN_CHECK_CACHE_MS = 5_000;
const MAX_CACHED_TOKENS = 10_000;

/** Resolves with the tenant id of the call's token, given the request headers. */
export type Authenticate = (metadata: IncomingHttpHeaders) => Promise<string>;

export function createAuthenticator(db: Queryable, signer: ApiTokenSigner): Authenticate {
  /**
   * Per token, its check: under way or done. Calls that arrive while a token's check runs share
   * it; otherwise every call in that window (hundreds a second on the hot path, and the check
   * waits behind the engine's transaction on PGlite) would run its own query.
   */
  const checked = new Map<string, { tenantId: Promise<string>; at: number }>();
  return async (metadata) => {
    const header = metadata.authorization;
    const match = header === undefined ? null : /^bearer\s+(\S+)$/i.exec(header.trim());
    if (!match) {
      throw new GrpcError(
        Status.UNAUTHENTICATED,
        'missing "authorization: bearer <API token>" metadata',
      );
    }
    const token = match[1]!;
    const cached = checked.get(token);
    if (cached && Date.now() - cached.at < TOKEN_CHECK_CACHE_MS) return cached.tenantId;
    if (checked.size >= MAX_CACHED_TOKENS) checked.clear();
    const check = { tenantId: tenantOf(db, signer, token), at: Date.now() };
    checked.set(token, check);
    // A refused or failed check is not remembered: the next call checks again.
    check.tenantId.catch(() => {
      if (checked.get(token) === check) checked.delete(token);
    });
    return check.tenantId;
  };
}

async function tenantOf(db: Queryable, signer: ApiTokenSigner, token: string): Promise<string> {
  const claims = await verifyApiToken(db, signer, token);
  if (!claims) {
    throw new GrpcError(Status.UNAUTHENTICATED, 'the API token is invalid, expired or revoked');
  }
  return claims.tenantId;
}
