import { tenantMemberDelete, tenantMemberList, tenantMemberUpdate } from '@trellis/api-contract';
import {
  deleteMember,
  findMemberById,
  listMembersOfTenant,
  updateMember,
} from '../../accounts/member.queries';
import { badRequest, forbidden, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { actingRole } from '../authenticate';
import { presentMember } from '../present';

export function registerMemberRoutes(api: ApiRouter): void {
  const { db } = api.context;

  api.handle(tenantMemberList, async ({ identity }) => ({
    rows: (await listMembersOfTenant(db, identity.tenant!.id)).map(presentMember),
  }));

  api.handle(tenantMemberUpdate, async ({ params, body, identity }) => {
    const target = await findMemberById(db, params.member);
    if (!target) throw notFound('Member not found');
    const role = actingRole(identity);
    if (target.userId === identity.user?.id) throw badRequest('you cannot change your own role');
    if (body.role === 'OWNER' && role !== 'OWNER')
      throw badRequest('only an owner can change a role to owner');
    if (target.role === 'OWNER' && role !== 'OWNER') {
      throw badRequest('only an owner can change the role of another owner');
    }
    await updateMember(db, target.id, {
      role: body.role,
      canViewPayloads: body.canViewPayloads ?? target.canViewPayloads,
    });
    return presentMember((await findMemberById(db, target.id))!);
  });

  api.handle(tenantMemberDelete, async ({ params, identity }) => {
    const target = await findMemberById(db, params.member);
    if (!target) throw notFound('Member not found');
    if (target.userId === identity.user?.id) throw forbidden('You cannot delete yourself');
    await deleteMember(db, target.id);
  });
}
