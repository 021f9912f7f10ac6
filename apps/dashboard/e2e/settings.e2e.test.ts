/**
 * Tenant settings against the real server: the overview, the GitHub page (cloud only), API tokens (created and shown once,
 * revoked), members and invites (invite by email, accept as that user in a second browser
 * context, role rules, removal).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SeededUser } from './support/api';
import { seedOwner, seedUser } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, openPage, waitForPath } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function pageFor(user: SeededUser, options: Parameters<typeof openPage>[2] = {}) {
  const { context, page } = await openPage(browser, baseUrl, { session: user.api, ...options });
  contexts.push(context);
  return page;
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('overview', () => {
  it('shows the name, slug and id, copies the id and renames the tenant', async () => {
    const owner = await seedOwner(baseUrl, 'Overview Tenant');
    const page = await pageFor(owner, { permissions: ['clipboard-read', 'clipboard-write'] });
    const id = owner.tenant.metadata.id;
    await page.goto(`/tenants/${id}/tenant-settings/overview`);
    await page.getByText(id).waitFor();
    await page.getByText(owner.tenant.slug).waitFor();
    expect(await page.getByLabel('Tenant name').inputValue()).toBe('Overview Tenant');

    await page.getByRole('button', { name: 'Copy tenant ID' }).click();
    await page.getByRole('button', { name: 'Copied tenant ID' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

    await page.getByLabel('Tenant name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Enter a name for the tenant.').waitFor();

    await page.getByLabel('Tenant name').fill('Overview Renamed');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('The tenant is now called "Overview Renamed".')
      .waitFor();
    const [membership] = await owner.api.memberships();
    expect(membership?.tenant?.name).toBe('Overview Renamed');
  });
});

describe('GitHub', () => {
  it('says the GitHub app is the cloud edition’s, and points to GitHub webhooks, in both themes and on a phone', async () => {
    const owner = await seedOwner(baseUrl, 'GitHub Settings');
    const id = owner.tenant.metadata.id;
    for (const [theme, width] of [
      ['dark', 1280],
      ['light', 1280],
      ['light', 375],
    ] as const) {
      const page = await pageFor(owner, { viewport: { width, height: 800 } });
      await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
      await page.goto(`/tenants/${id}/tenant-settings/github`);
      await page.getByText('Not enabled for this tenant or instance.').waitFor();
      await page.screenshot({ path: `/tmp/github-shots/github-${theme}-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }
    const page = await pageFor(owner);
    await page.goto(`/tenants/${id}/tenant-settings/github`);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).last().click();
    await waitForPath(page, `/tenants/${id}/webhooks`);
  });
});

describe('API tokens', () => {
  it('creates a token, shows it once, and revokes it', async () => {
    const owner = await seedOwner(baseUrl, 'Token Tenant');
    const tenantId = owner.tenant.metadata.id;
    const page = await pageFor(owner, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/tenants/${tenantId}/tenant-settings/api-tokens`);
    await page.getByText('No API tokens yet').waitFor();

    await page.getByRole('button', { name: 'Create API token' }).first().click();
    const dialog = page.getByRole('dialog');
    // The name is required; the message comes up under the field.
    await dialog.getByRole('button', { name: 'Generate token' }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(
      await dialog
        .getByLabel('Expires in')
        .evaluate((select: HTMLSelectElement) =>
          Array.from(select.options).map((option) => `${option.text}=${option.value}`),
        ),
    ).toEqual(['3 months=7776000s', '1 year=31536000s', '100 years=3153600000s']);
    await dialog.getByLabel('Name', { exact: true }).fill('ci-deploy');
    await dialog.getByLabel('Expires in').selectOption('31536000s');
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/v1/tenants/${tenantId}/api-tokens`),
    );
    await dialog.getByRole('button', { name: 'Generate token' }).click();
    expect(JSON.parse((await created).request().postData() ?? '{}')).toEqual({
      name: 'ci-deploy',
      expiresIn: '31536000s',
    });

    const token = (await dialog.getByTestId('api-token-value').textContent()) ?? '';
    expect(token.split('.')).toHaveLength(3);
    const claims = decodeJwtPayload(token);
    expect(claims.sub).toBe(tenantId);
    expect(claims.server_url).toBe(baseUrl);
    await dialog.getByText('Copy this token now: it is shown only once').waitFor();
    await dialog.getByRole('button', { name: 'Copy API token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await dialog.getByRole('button', { name: 'Copy environment variable' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `HATCHET_CLIENT_TOKEN=${token}`,
    );

    // The token is a real credential for this tenant (no cookie sent).
    const withToken = await fetch(`${baseUrl}/api/v1/tenants/${tenantId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(200);

    // A click outside does not lose it; Done closes and the token is gone for good.
    await page.mouse.click(5, 5);
    await dialog.getByTestId('api-token-value').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(token);
    const row = page.getByRole('row', { name: /ci-deploy/ });
    await row.waitFor();
    const expected = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    const expectedText = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(expected);
    await row.getByText(expectedText).waitFor();

    // Opening the dialog again starts empty.
    await page.getByRole('button', { name: 'Create API token' }).first().click();
    expect(await page.getByRole('dialog').getByLabel('Name', { exact: true }).inputValue()).toBe(
      '',
    );
    await page.keyboard.press('Escape');

    // Revoke, with a confirmation.
    await page.getByRole('button', { name: 'Revoke ci-deploy' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Revoke API token').waitFor();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No API tokens yet').waitFor();
    await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Token revoked')
      .waitFor();
    // The revoked token no longer opens anything.
    const afterRevoke = await fetch(`${baseUrl}/api/v1/tenants/${tenantId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterRevoke.status).toBe(403);
  });
});

describe('members and invites', () => {
  let owner: SeededUser & { tenant: { metadata: { id: string }; name: string } };
  let invitee: SeededUser;
  let tenantId: string;

  beforeAll(async () => {
    owner = await seedOwner(baseUrl, 'Team Tenant');
    tenantId = owner.tenant.metadata.id;
    invitee = await seedUser(baseUrl, 'invitee');
  });

  it('invites a member by email, who accepts in their own browser', async () => {
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/tenant-settings/members`);
    const members = page.getByRole('table', { name: 'Members' });
    await members
      .getByRole('row', { name: new RegExp(owner.email) })
      .getByText('You')
      .waitFor();
    await page.getByText('No pending invites').waitFor();

    await page.getByRole('button', { name: 'Invite member' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create invite' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    expect(
      await dialog
        .getByLabel('Role')
        .evaluate((select: HTMLSelectElement) =>
          Array.from(select.options).map((option) => option.value),
        ),
    ).toEqual(['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']);

    // The server's field error appears under the field: the owner is already a member.
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByRole('button', { name: 'Create invite' }).click();
    await dialog.getByText('this user is already a member of this tenant').waitFor();

    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Role').selectOption('ADMIN');
    await dialog.getByRole('button', { name: 'Create invite' }).click();
    await dialog.waitFor({ state: 'detached' });
    const inviteRow = page.getByRole('table', { name: 'Invites' }).getByRole('row', {
      name: new RegExp(invitee.email),
    });
    await inviteRow.getByText('Admin').waitFor();

    // Change the invite's role before it is accepted.
    await inviteRow
      .getByRole('button', { name: `Actions for the invite to ${invitee.email}` })
      .click();
    await page.getByRole('menuitem', { name: /Change role/ }).click();
    await page.getByRole('dialog').getByLabel('Role').selectOption('MEMBER');
    await page.getByRole('dialog').getByRole('button', { name: 'Update invite' }).click();
    await inviteRow.getByText('Member').waitFor();

    // The invitee signs in elsewhere: the pending invite comes first.
    const inviteePage = await pageFor(invitee);
    await inviteePage.goto('/workflow-runs');
    await waitForPath(inviteePage, '/onboarding/invites');
    await inviteePage.getByRole('heading', { name: 'Join Team Tenant' }).waitFor();
    await inviteePage.getByRole('button', { name: 'Accept' }).click();
    await waitForPath(inviteePage, `/tenants/${tenantId}/runs`);

    // Back in the owner's browser: a member now, no longer an invite.
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await members
      .getByRole('row', { name: new RegExp(invitee.email) })
      .getByText('Member')
      .waitFor();
    await page.getByRole('button', { name: 'Refresh' }).nth(1).click();
    await page.getByText('No pending invites').waitFor();
  });

  it('tells members without admin rights why they cannot see the lists', async () => {
    const page = await pageFor(invitee);
    await page.goto(`/tenants/${tenantId}/tenant-settings/members`);
    await page.getByText('You need admin rights').waitFor();
    await page.getByText('Your role here is Member.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.goto(`/tenants/${tenantId}/tenant-settings/api-tokens`);
    await page.getByText('You need admin rights').waitFor();
    // The overview stays readable and editable for members.
    await page.goto(`/tenants/${tenantId}/tenant-settings/overview`);
    expect(await page.getByLabel('Tenant name').isEnabled()).toBe(true);
  });

  it('applies the role rules: own role, owners, removal', async () => {
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/tenant-settings/members`);
    const members = page.getByRole('table', { name: 'Members' });

    // Nobody changes their own role or removes themselves.
    await members.getByRole('button', { name: `Actions for ${owner.email}` }).click();
    await page
      .getByRole('menuitem', { name: /Change role/ })
      .getByText('You cannot change your own role')
      .waitFor();
    expect(
      await page.getByRole('menuitem', { name: /Change role/ }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page
      .getByRole('menuitem', { name: /Remove from tenant/ })
      .getByText('You cannot remove yourself')
      .waitFor();
    await page.keyboard.press('Escape');

    // The owner makes the invitee an admin.
    await members.getByRole('button', { name: `Actions for ${invitee.email}` }).click();
    await page.getByRole('menuitem', { name: /Change role/ }).click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByText(invitee.email).waitFor();
    await roleDialog.getByLabel('Role').selectOption('ADMIN');
    await roleDialog.getByRole('button', { name: 'Update role' }).click();
    await members
      .getByRole('row', { name: new RegExp(invitee.email) })
      .getByText('Admin')
      .waitFor();

    // As an admin, the invitee sees the lists but no owner powers.
    const adminPage = await pageFor(invitee);
    await adminPage.goto(`/tenants/${tenantId}/tenant-settings/members`);
    const adminMembers = adminPage.getByRole('table', { name: 'Members' });
    await adminMembers.getByRole('button', { name: `Actions for ${owner.email}` }).click();
    await adminPage
      .getByRole('menuitem', { name: /Change role/ })
      .getByText('Only an owner can change the role of another owner')
      .waitFor();
    await adminPage
      .getByRole('menuitem', { name: /Remove from tenant/ })
      .getByText('Only owners can remove members')
      .waitFor();
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('button', { name: 'Invite member' }).first().click();
    expect(
      await adminPage
        .getByRole('dialog')
        .getByLabel('Role')
        .evaluate((select: HTMLSelectElement) => Array.from(select.options).map((o) => o.value)),
    ).toEqual(['ADMIN', 'MEMBER', 'VIEWER']);
    await adminPage.keyboard.press('Escape');

    // Only the owner removes members, after a confirmation.
    await members.getByRole('button', { name: `Actions for ${invitee.email}` }).click();
    await page.getByRole('menuitem', { name: /Remove from tenant/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Remove member').first().waitFor();
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await members.getByRole('row', { name: new RegExp(invitee.email) }).waitFor({
      state: 'detached',
    });
    expect((await owner.api.members(tenantId)).map((member) => member.user.email)).toEqual([
      owner.email,
    ]);
  });

  it('shows a failed removal as a toast', async () => {
    const leaver = await seedUser(baseUrl, 'leaver');
    const invite = await owner.api.createInvite(tenantId, leaver.email, 'VIEWER');
    await leaver.api.acceptInvite(invite.metadata.id);
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/tenant-settings/members`);
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('button', { name: `Actions for ${leaver.email}` }).click();
    await page.getByRole('menuitem', { name: /Remove from tenant/ }).click();

    // The member is removed through the API first; this removal then finds nobody.
    const member = (await owner.api.members(tenantId)).find(
      (row) => row.user.email === leaver.email,
    );
    await owner.api.request('DELETE', `/api/v1/tenants/${tenantId}/members/${member?.metadata.id}`);

    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await region.getByText('Could not remove the member').waitFor();
    await region.getByText(/not found/i).waitFor();
    await members.getByRole('row', { name: new RegExp(leaver.email) }).waitFor({
      state: 'detached',
    });
  });

  it('switches to the admin-rights state when the server starts refusing the list', async () => {
    const admin = await seedUser(baseUrl, 'demoted');
    const invite = await owner.api.createInvite(tenantId, admin.email, 'ADMIN');
    await admin.api.acceptInvite(invite.metadata.id);
    const page = await pageFor(admin);
    await page.goto(`/tenants/${tenantId}/tenant-settings/api-tokens`);
    await page.getByRole('table', { name: 'API tokens' }).waitFor();

    const member = (await owner.api.members(tenantId)).find(
      (row) => row.user.email === admin.email,
    );
    await owner.api.updateMemberRole(tenantId, member?.metadata.id ?? '', 'MEMBER');

    // The next refresh gets a 401; the screen explains instead of showing a broken list.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('You need admin rights').waitFor();
    await page.getByText('Your role here is Member.').waitFor();
  });
});
