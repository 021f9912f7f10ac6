import type { FastifyReply } from 'fastify';
import { insertSession } from '../accounts/session.queries';
import { createSessionToken, SESSION_TTL_MS } from '../accounts/session-tokens';
import type { UserRow } from '../accounts/user.queries';
import { setSessionCookies } from './cookies';
import type { ServerContext } from './server-context';

/** Signs `user` in on this browser: a new session row and its cookies (password or OAuth alike). */
export async function startSession(
  context: ServerContext,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const { token, tokenHash } = createSessionToken();
  await insertSession(context.db, {
    tokenHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  setSessionCookies(reply, context, token);
}
