// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUserIdContext } from '@/hooks/current-user-id';
import { columnsStorageKey } from '@/hooks/use-column-visibility';
import { renderScreen } from '@/testing/render-screen';
import type { Request } from '@/testing/render-screen';
import type { TenantInvite, TenantMember } from '@/types/api';
import { InvitesSection } from './invites-section';
import { MembersSection } from './members-section';

const meta = (id: string) => ({
  id,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const MEMBERS: TenantMember[] = [
  { metadata: meta('m1'), user: { email: 'ada@example.com', name: 'Ada' }, role: 'OWNER' },
  { metadata: meta('m2'), user: { email: 'grace@example.com', name: 'Grace' }, role: 'VIEWER' },
];
const INVITES: TenantInvite[] = [
  {
    metadata: meta('i1'),
    email: 'linus@example.com',
    role: 'MEMBER',
    tenantId: 't1',
    expires: '2030-01-08T00:00:00Z',
  },
];

function answer({ url }: Request) {
  if (url.pathname.endsWith('/members')) return { rows: MEMBERS };
  if (url.pathname.endsWith('/invites')) return { rows: INVITES };
  return {};
}

function renderBoth() {
  return renderScreen(
    <CurrentUserIdContext value="ada">
      <MembersSection tenantId="t1" actorRole="OWNER" self={{ memberId: 'm1' }} />
      <InvitesSection tenantId="t1" actorRole="OWNER" />
    </CurrentUserIdContext>,
    { answer },
  );
}

const headers = (name: string) =>
  [...screen.getByRole('table', { name, hidden: true }).querySelectorAll('th')].map(
    (th) => th.textContent,
  );

describe('members and invites', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('share the role, time and actions columns', async () => {
    renderBoth();
    const members = await screen.findAllByTestId('member-row');
    const invites = await screen.findAllByTestId('invite-row');
    expect(headers('Members')).toEqual(['Name', 'Email', 'Role', 'Joined', 'Actions']);
    expect(headers('Invites')).toEqual(['Email', 'Role', 'Invited', 'Expires', 'Actions']);
    expect(within(members[1]!).getByText('Viewer')).toBeTruthy();
    expect(within(invites[0]!).getByText('Member')).toBeTruthy();
    expect(invites[0]!.querySelectorAll('time')).toHaveLength(3);

    fireEvent.pointerDown(
      within(members[1]!).getByRole('button', { name: 'Actions for grace@example.com' }),
      { button: 0 },
    );
    expect(await screen.findByRole('menuitem', { name: /Change role/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Remove from tenant/ })).toBeTruthy();
  });

  it('keep each list’s hidden columns apart', async () => {
    localStorage.setItem(columnsStorageKey('ada', 'invites'), '["invited"]');
    renderBoth();
    await screen.findAllByTestId('invite-row');
    expect(headers('Invites')).toEqual(['Email', 'Role', 'Expires', 'Actions']);
    expect(headers('Members')).toEqual(['Name', 'Email', 'Role', 'Joined', 'Actions']);
  });
});
