import type { Database } from '@trellis/db';
import { insertMember } from './member.queries';
import { generatePassword, hashPassword } from './passwords';
import { insertTenant } from './tenant.queries';
import { countUsers, insertUser } from './user.queries';

/** Advisory lock key held while the first user is created, so parallel first starts create one. */
const BOOTSTRAP_LOCK = 7_202_611;

export interface BootstrappedAdmin {
  email: string;
  password: string;
  /** True when the password was generated and must be shown to the operator now. */
  generatedPassword: boolean;
  tenantId: string;
}

/**
 * On a server with no users, creates the admin user and a default tenant they own. Returns
 * undefined when users already exist.
 */
export async function bootstrapAdmin(
  db: Database,
  admin: { email: string; password: string | undefined },
): Promise<BootstrappedAdmin | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
    if ((await countUsers(tx)) > 0) return undefined;
    const password = admin.password ?? generatePassword();
    const user = await insertUser(tx, {
      email: admin.email,
      name: 'Admin',
      passwordHash: await hashPassword(password),
      emailVerified: true,
    });
    const tenant = await insertTenant(tx, {
      name: 'Default',
      slug: 'default',
      version: 'V1',
      environment: null,
    });
    await insertMember(tx, {
      tenantId: tenant!.id,
      userId: user!.id,
      role: 'OWNER',
      canViewPayloads: true,
    });
    return {
      email: admin.email,
      password,
      generatedPassword: admin.password === undefined,
      tenantId: tenant!.id,
    };
  });
}
