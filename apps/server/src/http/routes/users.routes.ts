import {
  emailSchema,
  passwordSchema,
  tenantInviteAccept,
  tenantInviteReject,
  tenantMembershipsList,
  userCreate,
  userGetCurrent,
  userListTenantInvites,
  userResendVerifyEmail,
  userUpdateLogin,
  userUpdateLogout,
  userUpdatePassword,
  userVerifyEmail,
} from '@trellis/api-contract';
import type { EmailVerification, VerifyOutcome } from '../../accounts/email-verification';
import {
  findInviteById,
  closeInvite,
  listPendingInvitesForEmail,
} from '../../accounts/invite.queries';
import { insertMember, listMembershipsOfUser } from '../../accounts/member.queries';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from '../../accounts/passwords';
import { deleteOtherSessions, deleteSession } from '../../accounts/session.queries';
import { hashSessionToken } from '../../accounts/session-tokens';
import {
  findUserByEmail,
  insertUser,
  updateUserPassword,
  type UserRow,
} from '../../accounts/user.queries';
import { badRequest, notFound, tooManyRequests } from '../api-error';
import type { ApiRouter } from '../api-router';
import { clearSessionCookies } from '../cookies';
import { presentInvite, presentMember, presentUser } from '../present';
import { RateLimiter } from '../rate-limiter';
import type { ServerContext } from '../server-context';
import { startSession } from '../start-session';

const INVALID_CREDENTIALS = 'invalid credentials';

const VERIFY_ERRORS: Record<Exclude<VerifyOutcome, 'verified'>, string> = {
  invalid: 'This verification link is not valid. Send a new one from the verification page.',
  expired: 'This verification link has expired. Send a new one from the verification page.',
  used: 'This verification link has already been used.',
};

export function registerUserRoutes(api: ApiRouter, emailVerification: EmailVerification): void {
  const { context } = api;
  const { db, loginThrottle } = context;
  // Per account, on top of the per-address limit every rate-limited endpoint has: one message
  // a minute keeps the resend button from flooding an inbox (or the relay's sending quota).
  const resendLimiter = new RateLimiter({ burst: 1, perSecond: 1 / 60 });

  /** Password guessing, by sign-in or by password change, slows down per account and address. */
  const checkThrottle = (email: string, address: string) => {
    const waitMs = loginThrottle.waitMs(email, address);
    if (waitMs > 0) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${Math.ceil(waitMs / 1000)} s.`,
      );
    }
  };

  api.handle(userUpdateLogin, async ({ body, request, reply }) => {
    const email = body.email.trim().toLowerCase();
    checkThrottle(email, request.ip);
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
    const { verificationRequired } = context.config.email;
    const user = await insertUser(db, {
      email: body.email.toLowerCase(),
      name: body.name,
      passwordHash: await hashPassword(body.password),
      emailVerified: !verificationRequired,
    });
    if (!user) throw badRequest('An account with this email already exists', 'email');
    await startSession(context, reply, user);
    if (verificationRequired) await emailVerification.send(user);
    return presentUser(user);
  });

  api.handle(userVerifyEmail, async ({ body }) => {
    const outcome = await emailVerification.verify(body.token);
    if (outcome !== 'verified') throw badRequest(VERIFY_ERRORS[outcome], 'token');
  });

  api.handle(userResendVerifyEmail, async ({ identity }) => {
    const user = identity.user!;
    if (user.emailVerified) throw badRequest('Your email address is already verified.');
    if (!resendLimiter.take(user.id)) {
      throw tooManyRequests(
        'A verification email was sent less than a minute ago. Check your inbox, or try again in a minute.',
      );
    }
    await emailVerification.send(user);
  });

  api.handle(userUpdateLogout, async ({ identity, reply }) => {
    await deleteSession(db, hashSessionToken(identity.sessionToken!));
    clearSessionCookies(reply);
    return presentUser(identity.user!);
  });

  api.handle(userUpdatePassword, async ({ body, identity, request }) => {
    const user = identity.user!;
    checkThrottle(user.email, request.ip);
    if (!user.passwordHash || !(await verifyPassword(body.password, user.passwordHash))) {
      loginThrottle.recordFailure(user.email, request.ip);
      throw badRequest(INVALID_CREDENTIALS, 'password');
    }
    loginThrottle.recordSuccess(user.email);
    const passwordHash = await hashPassword(body.newPassword);
    // The new password and the end of every other session take effect together.
    const updated = await db.transaction(async (tx) => {
      await deleteOtherSessions(tx, user.id, hashSessionToken(identity.sessionToken!));
      return updateUserPassword(tx, user.id, passwordHash);
    });
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

/** An invite the user may still answer: addressed to them, pending and not expired. */
async function openInviteFor(context: ServerContext, inviteId: string, user: UserRow) {
  const invite = await findInviteById(context.db, inviteId);
  if (!invite) throw notFound('invite not found');
  if (invite.email !== user.email) throw badRequest('wrong email for invite');
  if (invite.status !== 'PENDING') throw badRequest('invite has already been used');
  if (invite.expiresAt.getTime() <= Date.now()) throw badRequest('invite is expired');
  return invite;
}
