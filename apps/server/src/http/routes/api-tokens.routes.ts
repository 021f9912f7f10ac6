import {
  apiTokenCreate,
  apiTokenList,
  apiTokenUpdateRevoke,
  DEFAULT_API_TOKEN_TTL_MS,
  parseDurationMs,
} from '@trellis/api-contract';
import {
  findApiTokenById,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
} from '../../accounts/api-token.queries';
import { badRequest, forbidden, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { presentApiToken } from '../present';

/** Longest lifetime a token may ask for: the dashboard's longest choice, 100 years. */
const MAX_API_TOKEN_TTL_MS = 3_153_600_000 * 1000;

export function registerApiTokenRoutes(api: ApiRouter): void {
  const { db, signer } = api.context;

  api.handle(apiTokenCreate, async ({ body, identity }) => {
    const ttlMs =
      body.expiresIn === undefined ? DEFAULT_API_TOKEN_TTL_MS : parseDurationMs(body.expiresIn);
    if (ttlMs < 1000 || ttlMs > MAX_API_TOKEN_TTL_MS)
      throw badRequest('invalid expiration duration', 'expiresIn');
    const row = await insertApiToken(db, {
      tenantId: identity.tenant!.id,
      name: body.name,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return {
      token: await signer.sign({
        tenantId: row.tenantId,
        tokenId: row.id,
        expiresAt: row.expiresAt,
      }),
    };
  });

  api.handle(apiTokenList, async ({ identity }) => ({
    rows: (await listApiTokens(db, identity.tenant!.id)).map(presentApiToken),
  }));

  api.handle(apiTokenUpdateRevoke, async ({ params }) => {
    const token = await findApiTokenById(db, params.apiToken);
    if (!token) throw notFound('API token not found');
    if (token.internal) throw forbidden('Cannot revoke internal API tokens');
    await revokeApiToken(db, token.id);
  });
}
