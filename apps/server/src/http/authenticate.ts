import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleAtLeast, type EndpointDefinition, type TenantMemberRole } from '@trellis/api-contract';
import { findMemberOfTenant, type MemberRow } from '../accounts/member.queries';
import { findSessionUser } from '../accounts/session.queries';
import { hashSessionToken, xsrfTokenFor, xsrfTokenMatches } from '../accounts/session-tokens';
import { findTenantById, type TenantRow } from '../accounts/tenant.queries';
import { verifyApiToken } from '../accounts/verify-api-token';
import type { UserRow } from '../accounts/user.queries';
import {
  forbidden,
  INVALID_CREDENTIALS,
  notAuthorized,
  notFound,
  NOT_AUTHORIZED_TO_VIEW,
} from './api-error';
import { SESSION_COOKIE, setXsrfCookie, XSRF_COOKIE, XSRF_HEADER } from './cookies';
import type { ServerContext } from './server-context';
import { tenantOfPathParam } from './tenant-resolvers';

/** Who is calling, and within which tenant, once an endpoint's access rules have passed. */
export interface Identity {
  user?: UserRow;
  /** The session secret from the cookie, when the caller is a signed-in user. */
  sessionToken?: string;
  apiToken?: { tenantId: string; tokenId: string };
  tenant?: TenantRow;
  /** The caller's membership of `tenant`, for signed-in users. */
  member?: MemberRow;
}

/** The role the caller acts with. An API token acts for the whole tenant, like an owner. */
export function actingRole(identity: Identity): TenantMemberRole {
  return identity.member?.role ?? 'OWNER';
}

interface Session {
  user: UserRow;
  token: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Applies an endpoint's access rules. Failed authentication is 403 and a refused membership or
 * role is 401, as Hatchet's clients expect; a path resource of another tenant is 403.
 */
export async function authenticate(
  endpoint: EndpointDefinition,
  params: Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
  context: ServerContext,
): Promise<Identity> {
  switch (endpoint.auth) {
    case 'none':
    case 'optional':
      return {};
    case 'session':
    case 'session-unverified': {
      const session = await sessionOf(request, context);
      if (!session) throw forbidden(INVALID_CREDENTIALS);
      admitSession(session, endpoint, request, reply, context);
      return { user: session.user, sessionToken: session.token };
    }
    case 'tenant':
      return authenticateForTenant(endpoint, params, request, reply, context);
  }
}

async function authenticateForTenant(
  endpoint: EndpointDefinition,
  params: Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
  context: ServerContext,
): Promise<Identity> {
  // Credentials first, so that callers without any learn nothing about which ids exist.
  const apiToken = await apiTokenOf(request, context);
  const session = await sessionOf(request, context);
  if (!apiToken && !session) throw forbidden(INVALID_CREDENTIALS);

  const tenant = await resolveTenant(params, context);

  // A token of another tenant does not block a valid session cookie.
  if (apiToken && apiToken.tenantId === tenant.id) {
    if (endpoint.allowApiTokens === false)
      throw notAuthorized('Not authorized to perform this operation');
    return { apiToken, tenant };
  }
  if (!session) throw forbidden(INVALID_CREDENTIALS);
  admitSession(session, endpoint, request, reply, context);

  const member = await findMemberOfTenant(context.db, tenant.id, session.user.id);
  if (!member || !roleAtLeast(member.role, endpoint.minRole ?? 'VIEWER')) {
    throw notAuthorized(NOT_AUTHORIZED_TO_VIEW);
  }
  return { user: session.user, sessionToken: session.token, tenant, member };
}

/** Finds the tenant every tenant-owned path parameter points to; they must all agree. */
async function resolveTenant(
  params: Record<string, string>,
  context: ServerContext,
): Promise<TenantRow> {
  let tenantId: string | undefined;
  for (const [name, id] of Object.entries(params)) {
    const tenantOf = tenantOfPathParam[name];
    if (!tenantOf) continue;
    const owner = await tenantOf(context.db, id, tenantId);
    if (!owner) throw notFound('not found');
    if (tenantId !== undefined && owner !== tenantId)
      throw forbidden('not authorized to access this resource');
    tenantId = owner;
  }
  const tenant = tenantId === undefined ? undefined : await findTenantById(context.db, tenantId);
  if (!tenant) throw notFound('not found');
  return tenant;
}

async function sessionOf(
  request: FastifyRequest,
  context: ServerContext,
): Promise<Session | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const user = await findSessionUser(context.db, hashSessionToken(token));
  return user && { user, token };
}

async function apiTokenOf(request: FastifyRequest, context: ServerContext) {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return undefined;
  return verifyApiToken(context.db, context.signer, match[1] as string);
}

/**
 * Checks what every cookie-authenticated request must satisfy: a verified email (unless the
 * endpoint is open to unverified users) and, for writes, the anti-forgery header.
 */
function admitSession(
  session: Session,
  endpoint: EndpointDefinition,
  request: FastifyRequest,
  reply: FastifyReply,
  context: ServerContext,
): void {
  if (!session.user.emailVerified && endpoint.auth !== 'session-unverified') {
    throw notAuthorized('Please verify your email before continuing');
  }
  if (!SAFE_METHODS.has(request.method)) {
    const header = request.headers[XSRF_HEADER];
    if (
      !xsrfTokenMatches(
        context.xsrfKey,
        session.token,
        typeof header === 'string' ? header : undefined,
      )
    ) {
      throw forbidden(
        'Missing or invalid anti-forgery token: send the XSRF-TOKEN cookie in the X-XSRF-TOKEN header',
      );
    }
  }
  if (request.cookies[XSRF_COOKIE] !== xsrfTokenFor(context.xsrfKey, session.token)) {
    setXsrfCookie(reply, context, session.token);
  }
}
