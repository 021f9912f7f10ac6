import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@trellis/db/testing';
import { bootstrapAdmin } from './bootstrap-admin';
import { verifyPassword } from './passwords';
import { findUserByEmail } from './user.queries';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => drop?.());

describe('bootstrapAdmin', () => {
  it('creates the admin and a default tenant once, generating a valid password when none is given', async () => {
    const test = await createTestDatabase({ migrate: true });
    drop = test.drop;
    const first = await bootstrapAdmin(test.db, {
      email: 'admin@example.com',
      password: undefined,
    });
    expect(first?.generatedPassword).toBe(true);
    expect(first?.password).toMatch(/[a-z]/);
    expect(first?.password).toMatch(/[A-Z]/);
    expect(first?.password).toMatch(/[0-9]/);
    const user = await findUserByEmail(test.db, 'admin@example.com');
    expect(user?.emailVerified).toBe(true);
    expect(await verifyPassword(first!.password, user!.passwordHash!)).toBe(true);

    const { rows } = await test.db.query<{ role: string; slug: string }>(
      `SELECT role, slug FROM tenant_members JOIN tenants ON tenants.id = tenant_id`,
    );
    expect(rows).toEqual([{ role: 'OWNER', slug: 'default' }]);

    expect(
      await bootstrapAdmin(test.db, { email: 'admin@example.com', password: undefined }),
    ).toBeUndefined();
  });

  it('uses the configured password, and creates one admin when started twice at once', async () => {
    const test = await createTestDatabase({ migrate: true });
    drop = test.drop;
    const results = await Promise.all([
      bootstrapAdmin(test.db, { email: 'ops@example.com', password: 'Configured-passw0rd' }),
      bootstrapAdmin(test.db, { email: 'ops@example.com', password: 'Configured-passw0rd' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.find(Boolean)?.generatedPassword).toBe(false);
    const { rows } = await test.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    );
    expect(rows[0]?.count).toBe(1);
  });
});
