import {
  emailSchema,
  passwordSchema,
  tenantInviteAccept,
  tenantInviteReject,
  tenantMembershipsList,
  userCreate,
  userGetCurrent,
  userListTenantInvites,
  userUpdateLogin,
  userUpdateLogout,
  userUpdatePassword,
} from '@trellis/api-contract';
import type { FastifyReply } from 'fastify';
import {
  findInviteById,
  closeInvite,
  listPendingInvitesForEmail,
} from '../../accounts/invite.queries';
import { insertMember, listMembershipsOfUser } from '../../accounts/member.queries';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from '../../accounts/passwords';
import { deleteOtherSessions, deleteSession, insertSession } from '../../accounts/session.queries';
import {
  createSessionToken,
  hashSessionToken,
  SESSION_TTL_MS,
} from '../../accounts/session-tokens';
import {
  findUserByEmail,
  insertUser,
  updateUserPassword,
  type UserRow,
} from '../../accounts/user.queries';
import { badRequest, notFound, tooManyRequests } from '../api-error';
import type { ApiRouter } from '../api-router';
import { clearSessionCookies, setSessionCookies } from '../cookies';
import { presentInvite, presentMember, presentUser } from '../present';
import type { ServerContext } from '../server-context';

const INVALID_CREDENTIALS = 'invalid credentials';

export function registerUserRoutes(api: ApiRouter): void {
  const { context } = api;
  const { db, loginThrottle } = context;

  api.handle(userUpdateLogin, async ({ body, request, reply }) => {
    const email = body.email.trim().toLowerCase();
    const waitMs = loginThrottle.waitMs(email, request.ip);
    if (waitMs > 0) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${Math.ceil(waitMs / 1000)} s.`,
      );
    }
    const wellFormed =
      emailSchema.safeParse(email).success && passwordSchema.safeParse(body.password).success;
    const user = wellFormed ? await findUserByEmail(db, email) : undefined;
    const valid = user?.passwordHash
      ? await verifyPassword(body.password, user.passwordHash)
      : await spendPasswordCheckTime(body.password).then(() => false);
    if (!user || !valid) {
      loginThrottle.recordFailure(email, request.ip);
      throw badRequest(INVALID_CREDENTIALS);
    }
    loginThrottle.recordSuccess(email);
    await startSession(context, reply, user);
    return presentUser(user);
  });

  api.handle(userCreate, async ({ body, reply }) => {
    // Email verification arrives with email delivery; until then registration verifies.
    const user = await insertUser(db, {
      email: body.email.toLowerCase(),
      name: body.name,
      passwordHash: await hashPassword(body.password),
      emailVerified: true,
    });
    if (!user) throw badRequest('An account with this email already exists', 'email');
    await startSession(context, reply, user);
    return presentUser(user);
  });

  api.handle(userUpdateLogout, async ({ identity, reply }) => {
    await deleteSession(db, hashSessionToken(identity.sessionToken!));
    clearSessionCookies(reply);
    return presentUser(identity.user!);
  });

  api.handle(userUpdatePassword, async ({ body, identity }) => {
    const user = identity.user!;
    if (!user.passwordHash || !(await verifyPassword(body.password, user.passwordHash))) {
      throw badRequest(INVALID_CREDENTIALS, 'password');
    }
    const updated = await updateUserPassword(db, user.id, await hashPassword(body.newPassword));
    await deleteOtherSessions(db, user.id, hashSessionToken(identity.sessionToken!));
    return presentUser(updated, { hasPassword: true });
  });

  api.handle(userGetCurrent, async ({ identity }) =>
    presentUser(identity.user!, { hasPassword: identity.user!.passwordHash !== null }),
  );

  api.handle(tenantMembershipsList, async ({ identity }) => ({
    rows: (await listMembershipsOfUser(db, identity.user!.id)).map(presentMember),
  }));

  api.handle(userListTenantInvites, async ({ identity }) => ({
    rows: (await listPendingInvitesForEmail(db, identity.user!.email)).map((invite) =>
      presentInvite(invite, { withTenantName: true }),
    ),
  }));

  api.handle(tenantInviteAccept, async ({ body, identity }) => {
    const invite = await openInviteFor(context, body.invite, identity.user!);
    await db.transaction(async (tx) => {
      if (!(await closeInvite(tx, invite.id, 'ACCEPTED')))
        throw badRequest('invite has already been used');
      await insertMember(tx, {
        tenantId: invite.tenantId,
        userId: identity.user!.id,
        role: invite.role,
        canViewPayloads: invite.canViewPayloads,
      });
    });
  });

  api.handle(tenantInviteReject, async ({ body, identity }) => {
    const invite = await openInviteFor(context, body.invite, identity.user!);
    if (!(await closeInvite(db, invite.id, 'REJECTED')))
      throw badRequest('invite has already been used');
  });
}

async function startSession(
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

/** An invite the user may still answer: addressed to them, pending and not expired. */
async function openInviteFor(context: ServerContext, inviteId: string, user: UserRow) {
  const invite = await findInviteById(context.db, inviteId);
  if (!invite) throw notFound('invite not found');
  if (invite.email !== user.email) throw badRequest('wrong email for invite');
  if (invite.status !== 'PENDING') throw badRequest('invite has already been used');
  if (invite.expiresAt.getTime() <= Date.now()) throw badRequest('invite is expired');
  return invite;
}
