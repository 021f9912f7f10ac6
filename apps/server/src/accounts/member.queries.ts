import type { Queryable } from '@trellis/db';
import type { TenantMemberRole } from '@trellis/api-contract';
import { TENANT_COLUMNS, type TenantRow } from './tenant.queries';

export interface MemberRow {
  id: string;
  tenantId: string;
  userId: string;
  role: TenantMemberRole;
  canViewPayloads: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A membership with the public fields of its user and its tenant, as lists show it. */
export interface MemberWithUserRow extends MemberRow {
  userEmail: string;
  userName: string | null;
  tenant: TenantRow;
}

const MEMBER_COLUMNS = `tenant_members.id, tenant_members.tenant_id AS "tenantId",
  tenant_members.user_id AS "userId", tenant_members.role,
  tenant_members.can_view_payloads AS "canViewPayloads",
  tenant_members.created_at AS "createdAt", tenant_members.updated_at AS "updatedAt"`;

const MEMBER_WITH_USER_SELECT = `SELECT ${MEMBER_COLUMNS}, users.email AS "userEmail",
  users.name AS "userName", (SELECT row_to_json(t) FROM (SELECT ${TENANT_COLUMNS}) t) AS tenant
  FROM tenant_members
  JOIN users ON users.id = tenant_members.user_id
  JOIN tenants ON tenants.id = tenant_members.tenant_id`;

/** JSON-built tenants come back with string timestamps; lists present them like the others. */
function withTenantDates(row: MemberWithUserRow): MemberWithUserRow {
  const tenant = row.tenant as TenantRow & { createdAt: Date | string; updatedAt: Date | string };
  return {
    ...row,
    tenant: {
      ...tenant,
      createdAt: new Date(tenant.createdAt),
      updatedAt: new Date(tenant.updatedAt),
    },
  };
}

/** Adds a member; an existing membership of the same user is left as it is. */
export async function insertMember(
  db: Queryable,
  member: { tenantId: string; userId: string; role: TenantMemberRole; canViewPayloads: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO tenant_members (tenant_id, user_id, role, can_view_payloads) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, user_id) DO NOTHING`,
    [member.tenantId, member.userId, member.role, member.canViewPayloads],
  );
}

export async function findMemberOfTenant(
  db: Queryable,
  tenantId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM tenant_members WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
  return rows[0];
}

export async function findMemberById(
  db: Queryable,
  id: string,
): Promise<MemberWithUserRow | undefined> {
  const { rows } = await db.query<MemberWithUserRow>(
    `${MEMBER_WITH_USER_SELECT} WHERE tenant_members.id = $1`,
    [id],
  );
  return rows[0] && withTenantDates(rows[0]);
}

export async function listMembersOfTenant(
  db: Queryable,
  tenantId: string,
): Promise<MemberWithUserRow[]> {
  const { rows } = await db.query<MemberWithUserRow>(
    `${MEMBER_WITH_USER_SELECT} WHERE tenant_members.tenant_id = $1 ORDER BY tenant_members.created_at, tenant_members.id`,
    [tenantId],
  );
  return rows.map(withTenantDates);
}

export async function listMembershipsOfUser(
  db: Queryable,
  userId: string,
): Promise<MemberWithUserRow[]> {
  const { rows } = await db.query<MemberWithUserRow>(
    `${MEMBER_WITH_USER_SELECT} WHERE tenant_members.user_id = $1 ORDER BY tenant_members.created_at, tenant_members.id`,
    [userId],
  );
  return rows.map(withTenantDates);
}

export async function updateMember(
  db: Queryable,
  id: string,
  patch: { role: TenantMemberRole; canViewPayloads: boolean },
): Promise<void> {
  await db.query(
    'UPDATE tenant_members SET role = $2, can_view_payloads = $3, updated_at = now() WHERE id = $1',
    [id, patch.role, patch.canViewPayloads],
  );
}

export async function deleteMember(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM tenant_members WHERE id = $1', [id]);
}
