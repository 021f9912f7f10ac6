import {
  tenantInviteCreate,
  tenantInviteDelete,
  tenantInviteList,
  tenantInviteUpdate,
} from '@trellis/api-contract';
import {
  countPendingInvites,
  deleteExpiredPendingInvite,
  deleteInvite,
  findInviteById,
  insertInvite,
  listPendingInvitesOfTenant,
  updateInvite,
} from '../../accounts/invite.queries';
import { findMemberOfTenant } from '../../accounts/member.queries';
import { findUserByEmail } from '../../accounts/user.queries';
import { inviteMessage } from '../../email/account-messages';
import type { Mailer } from '../../email/mailer';
import { badRequest, forbidden, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { presentInvite } from '../present';
import { actingRole } from '../authenticate';

/** Invites stay open for seven days. */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
/** A tenant may have this many pending invites at once. */
export const MAX_PENDING_INVITES = 100;

export function registerInviteRoutes(api: ApiRouter, mailer: Mailer): void {
  const { db, config } = api.context;

  api.handle(tenantInviteCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const email = body.email.toLowerCase();
    if (body.role === 'OWNER' && actingRole(identity) !== 'OWNER') {
      throw badRequest('only an owner can change a role to owner', 'role');
    }
    const invitee = await findUserByEmail(db, email);
    if (invitee && (await findMemberOfTenant(db, tenantId, invitee.id))) {
      throw badRequest('this user is already a member of this tenant', 'email');
    }
    if ((await countPendingInvites(db, tenantId)) >= MAX_PENDING_INVITES) {
      throw forbidden('max pending invites reached');
    }
    const inviteId = await db.transaction(async (tx) => {
      await deleteExpiredPendingInvite(tx, tenantId, email);
      return insertInvite(tx, {
        tenantId,
        inviterEmail: identity.user?.email ?? 'api-token',
        email,
        role: body.role,
        canViewPayloads: body.canViewPayloads ?? true,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
    });
    if (!inviteId) throw badRequest('invite already exists for this email', 'email');
    const invite = (await findInviteById(db, inviteId))!;
    mailer.send(
      inviteMessage({
        to: invite.email,
        tenantName: invite.tenantName,
        inviterEmail: invite.inviterEmail,
        link: `${config.publicUrl}/onboarding/invites`,
        validDays: INVITE_TTL_MS / (24 * 3_600_000),
      }),
    );
    return presentInvite(invite);
  });

  api.handle(tenantInviteList, async ({ identity }) => ({
    rows: (await listPendingInvitesOfTenant(db, identity.tenant!.id)).map((invite) =>
      presentInvite(invite),
    ),
  }));

  api.handle(tenantInviteUpdate, async ({ params, body, identity }) => {
    const invite = await findInviteById(db, params.invite);
    if (!invite) throw notFound('Invite not found');
    if (invite.status !== 'PENDING') throw badRequest('invite has already been used');
    if ((body.role === 'OWNER' || invite.role === 'OWNER') && actingRole(identity) !== 'OWNER') {
      throw badRequest('only an owner can change a role to owner', 'role');
    }
    await updateInvite(db, invite.id, {
      role: body.role,
      canViewPayloads: body.canViewPayloads ?? invite.canViewPayloads,
    });
    return presentInvite((await findInviteById(db, invite.id))!);
  });

  api.handle(tenantInviteDelete, async ({ params }) => {
    const invite = await findInviteById(db, params.invite);
    if (!invite) throw notFound('Invite not found');
    await deleteInvite(db, invite.id);
    return presentInvite(invite);
  });
}
