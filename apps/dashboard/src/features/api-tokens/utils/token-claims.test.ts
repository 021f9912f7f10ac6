import { describe, expect, it } from 'vitest';
import { decodeTokenClaims } from './token-claims';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeTokenClaims', () => {
  it('reads the tenant, addresses and expiry the SDKs use', () => {
    const token = `${encode({ alg: 'ES256' })}.${encode({
      sub: 'tenant-1',
      server_url: 'http://localhost:8080',
      grpc_broadcast_address: 'localhost:7070',
      exp: 1_800_000_000,
    })}.signature`;
    expect(decodeTokenClaims(token)).toEqual({
      tenantId: 'tenant-1',
      serverUrl: 'http://localhost:8080',
      grpcAddress: 'localhost:7070',
      expiresAt: new Date(1_800_000_000_000),
    });
  });

  it('handles payloads that need padding and non-ASCII text', () => {
    const token = `x.${encode({ sub: 'ü' })}.y`;
    expect(decodeTokenClaims(token)?.tenantId).toBe('ü');
  });

  it('gives undefined for anything that is not a JWT', () => {
    expect(decodeTokenClaims('not-a-token')).toBeUndefined();
    expect(decodeTokenClaims('a.%%%.c')).toBeUndefined();
    expect(decodeTokenClaims(`a.${Buffer.from('[1,').toString('base64url')}.c`)).toBeUndefined();
  });
});
