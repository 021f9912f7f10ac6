import type { Queryable } from '@trellis/db';
import type { TenantInviteStatus, TenantMemberRole } from '@trellis/api-contract';

export interface InviteRow {
  id: string;
  tenantId: string;
  tenantName: string;
  inviterEmail: string;
  email: string;
  role: TenantMemberRole;
  canViewPayloads: boolean;
  status: TenantInviteStatus;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const INVITE_SELECT = `SELECT tenant_invites.id, tenant_invites.tenant_id AS "tenantId",
  tenants.name AS "tenantName", tenant_invites.inviter_email AS "inviterEmail", tenant_invites.email,
  tenant_invites.role, tenant_invites.can_view_payloads AS "canViewPayloads", tenant_invites.status,
  tenant_invites.expires_at AS "expiresAt", tenant_invites.created_at AS "createdAt",
  tenant_invites.updated_at AS "updatedAt"
  FROM tenant_invites JOIN tenants ON tenants.id = tenant_invites.tenant_id`;

/** Inserts a pending invite; undefined when one is already pending for that email. */
export async function insertInvite(
  db: Queryable,
  invite: {
    tenantId: string;
    inviterEmail: string;
    email: string;
    role: TenantMemberRole;
    canViewPayloads: boolean;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tenant_invites (tenant_id, inviter_email, email, role, can_view_payloads, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, email) WHERE status = 'PENDING' DO NOTHING RETURNING id`,
    [
      invite.tenantId,
      invite.inviterEmail,
      invite.email,
      invite.role,
      invite.canViewPayloads,
      invite.expiresAt,
    ],
  );
  return rows[0]?.id;
}

export async function findInviteById(db: Queryable, id: string): Promise<InviteRow | undefined> {
  const { rows } = await db.query<InviteRow>(`${INVITE_SELECT} WHERE tenant_invites.id = $1`, [id]);
  return rows[0];
}

export async function listPendingInvitesOfTenant(
  db: Queryable,
  tenantId: string,
): Promise<InviteRow[]> {
  const { rows } = await db.query<InviteRow>(
    `${INVITE_SELECT} WHERE tenant_invites.tenant_id = $1 AND tenant_invites.status = 'PENDING'
     AND tenant_invites.expires_at > now() ORDER BY tenant_invites.created_at, tenant_invites.id`,
    [tenantId],
  );
  return rows;
}

export async function listPendingInvitesForEmail(
  db: Queryable,
  email: string,
): Promise<InviteRow[]> {
  const { rows } = await db.query<InviteRow>(
    `${INVITE_SELECT} WHERE tenant_invites.email = $1 AND tenant_invites.status = 'PENDING'
     AND tenant_invites.expires_at > now() ORDER BY tenant_invites.created_at, tenant_invites.id`,
    [email],
  );
  return rows;
}

export async function countPendingInvites(db: Queryable, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM tenant_invites
     WHERE tenant_id = $1 AND status = 'PENDING' AND expires_at > now()`,
    [tenantId],
  );
  return rows[0]!.count;
}

export async function updateInvite(
  db: Queryable,
  id: string,
  patch: { role: TenantMemberRole; canViewPayloads: boolean },
): Promise<void> {
  await db.query(
    'UPDATE tenant_invites SET role = $2, can_view_payloads = $3, updated_at = now() WHERE id = $1',
    [id, patch.role, patch.canViewPayloads],
  );
}

/** Moves a pending invite to its final status; false when it was no longer pending. */
export async function closeInvite(
  db: Queryable,
  id: string,
  status: 'ACCEPTED' | 'REJECTED',
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE tenant_invites SET status = $2, updated_at = now() WHERE id = $1 AND status = 'PENDING'`,
    [id, status],
  );
  return rowCount === 1;
}

export async function deleteInvite(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM tenant_invites WHERE id = $1', [id]);
}

/** Expired pending invites no longer block a new invite to the same address. */
export async function deleteExpiredPendingInvite(
  db: Queryable,
  tenantId: string,
  email: string,
): Promise<void> {
  await db.query(
    `DELETE FROM tenant_invites WHERE tenant_id = $1 AND email = $2 AND status = 'PENDING' AND expires_at <= now()`,
    [tenantId, email],
  );
}
