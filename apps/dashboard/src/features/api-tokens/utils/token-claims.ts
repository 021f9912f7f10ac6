/**
 * Reads the public claims of an API token. Tokens are JWTs; the SDKs decode the payload
 * (without verifying it) to find the tenant and the server's REST and gRPC addresses, so the
 * dashboard can show the same addresses. Nothing here trusts the claims.
 */
export interface TokenClaims {
  tenantId?: string;
  serverUrl?: string;
  grpcAddress?: string;
  expiresAt?: Date;
}

export function decodeTokenClaims(token: string): TokenClaims | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const text = (value: unknown) =>
      typeof value === 'string' && value !== '' ? value : undefined;
    return {
      tenantId: text(claims.sub),
      serverUrl: text(claims.server_url),
      grpcAddress: text(claims.grpc_broadcast_address),
      expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined,
    };
  } catch {
    return undefined;
  }
}
