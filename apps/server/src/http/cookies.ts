import type { FastifyReply } from 'fastify';
import { SESSION_TTL_MS, xsrfTokenFor } from '../accounts/session-tokens';
import type { ServerContext } from './server-context';

export const SESSION_COOKIE = 'trellis';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Sets the session cookie and its anti-forgery companion after a sign-in. */
export function setSessionCookies(
  reply: FastifyReply,
  context: ServerContext,
  sessionToken: string,
): void {
  const secure = context.config.secureCookies;
  const maxAge = SESSION_TTL_MS / 1000;
  reply.setCookie(SESSION_COOKIE, sessionToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  });
  setXsrfCookie(reply, context, sessionToken);
}

/** The dashboard reads this cookie and echoes it in the X-XSRF-TOKEN header; so not HttpOnly. */
export function setXsrfCookie(
  reply: FastifyReply,
  context: ServerContext,
  sessionToken: string,
): void {
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(context.xsrfKey, sessionToken), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: context.config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}
