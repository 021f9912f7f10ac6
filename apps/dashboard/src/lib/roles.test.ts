import { describe, expect, it } from 'vitest';
import { canManageAccess, roleAtLeast, roleLabel } from './roles';

describe('roles', () => {
  it('orders OWNER > ADMIN > MEMBER > VIEWER', () => {
    expect(roleAtLeast('OWNER', 'ADMIN')).toBe(true);
    expect(roleAtLeast('ADMIN', 'ADMIN')).toBe(true);
    expect(roleAtLeast('MEMBER', 'ADMIN')).toBe(false);
    expect(roleAtLeast('VIEWER', 'MEMBER')).toBe(false);
    expect(roleAtLeast('MEMBER', 'VIEWER')).toBe(true);
    expect(roleAtLeast(undefined, 'VIEWER')).toBe(false);
  });

  it('lets owners and admins manage access', () => {
    expect(
      ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'].map((role) => canManageAccess(role as never)),
    ).toEqual([true, true, false, false]);
    expect(canManageAccess(undefined)).toBe(false);
  });

  it('labels roles for people', () => {
    expect(roleLabel('OWNER')).toBe('Owner');
    expect(roleLabel('VIEWER')).toBe('Viewer');
  });
});
