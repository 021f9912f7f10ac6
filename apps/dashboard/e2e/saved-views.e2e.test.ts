/**
 * Saved views and column visibility against the real server: an owner filters the runs list,
 * hides a column and saves the view shared with the tenant; a second member opens its share
 * link and sees the same filters and columns, and never sees the owner's private view; hidden
 * columns stay hidden for their user across a reload.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeededUser } from './support/api';
import { seedUser } from './support/api';
import { useTenantFixture } from './support/tenant-fixture';

const tenant = useTenantFixture({ tenantName: 'Saved Views Tenant' });
let member: SeededUser;

const RUNS_FILTERS = 'workflow-runs-main-workflow-runs-filters';

beforeAll(async () => {
  member = await seedUser(tenant.baseUrl, 'member');
  const invite = await tenant.owner.api.createInvite(tenant.tenantId, member.email, 'MEMBER');
  await member.api.acceptInvite(invite.metadata.id);
});

const runsTable = (page: Page) => page.getByRole('table', { name: 'Runs' });

/** Opens the toolbar's Views panel. */
async function openViews(page: Page) {
  await page.getByRole('button', { name: /^Views/ }).click();
  const panel = page.getByRole('dialog', { name: 'Saved views' });
  await panel.getByText('Save current view').waitFor();
  return panel;
}

describe('saved views', () => {
  it('a view shared by one member opens for another, with its filters and columns', async () => {
    // A private view of the owner's, which the member must never see.
    await tenant.owner.api.request(
      'POST',
      `/api/v1/stable/tenants/${tenant.tenantId}/saved-views`,
      {
        body: { list: 'runs', name: 'Owner private', state: '', shared: false },
      },
    );

    const page = await tenant.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const filters = encodeURIComponent(JSON.stringify({ tw: '7d', st: ['FAILED'] }));
    await page.goto(`${tenant.baseUrl}/tenants/${tenant.tenantId}/runs?${RUNS_FILTERS}=${filters}`);
    await page.getByRole('button', { name: 'Filters (2 active)' }).waitFor();

    // Hide the Workflow column.
    await runsTable(page).getByRole('columnheader', { name: 'Workflow' }).waitFor();
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Workflow' }).click();
    await page.keyboard.press('Escape');
    await runsTable(page)
      .getByRole('columnheader', { name: 'Workflow' })
      .waitFor({ state: 'detached' });

    // Save it, shared with the tenant; the toolbar then names it.
    const panel = await openViews(page);
    await panel.getByLabel('Save current view').fill('Failed this week');
    await panel.getByLabel('Share with the tenant').check();
    await panel.getByRole('button', { name: 'Save' }).click();
    const row = panel.locator('[data-saved-view="Failed this week"]');
    await row.getByText('Shared').waitFor();
    await page.getByRole('button', { name: 'Views (showing Failed this week)' }).waitFor();

    await row.getByRole('button', { name: 'Actions for view Failed this week' }).click();
    await page.getByRole('menuitem', { name: 'Copy share link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/tenants/${tenant.tenantId}/runs\\?view=[0-9a-f-]{36}$`));

    // The member opens the link: the view's filters and columns, and its name in the toolbar.
    const other = await tenant.page(member);
    await other.goto(link);
    await other.getByRole('button', { name: 'Views (showing Failed this week)' }).waitFor();
    await other.getByRole('button', { name: 'Filters (2 active)' }).waitFor();
    const url = new URL(other.url());
    expect(url.searchParams.get('view')).toBeNull();
    expect(JSON.parse(url.searchParams.get(RUNS_FILTERS) ?? '{}')).toEqual({
      tw: '7d',
      st: ['FAILED'],
    });
    await runsTable(other).getByRole('columnheader', { name: 'Status' }).waitFor();
    expect(await runsTable(other).getByRole('columnheader', { name: 'Workflow' }).count()).toBe(0);

    // The member lists the shared view, by its owner, but not the owner's private one.
    const otherPanel = await openViews(other);
    await otherPanel.locator('[data-saved-view="Failed this week"]').getByText(/^by /).waitFor();
    expect(await otherPanel.locator('[data-saved-view="Owner private"]').count()).toBe(0);
    expect(
      await otherPanel.getByRole('button', { name: 'Actions for view Failed this week' }).count(),
    ).toBe(0);
  });

  it('keeps a user’s hidden columns across a reload, and not for another user', async () => {
    const eventsPath = `${tenant.baseUrl}/tenants/${tenant.tenantId}/events`;
    const eventsTable = (page: Page) => page.getByRole('table', { name: 'Events' });
    const page = await tenant.page();
    await page.goto(eventsPath);
    await eventsTable(page).getByRole('columnheader', { name: 'Runs' }).waitFor();
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Runs' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Columns (1 hidden)' }).waitFor();

    // A fresh visit, without the URL's copy of the choice: it comes from the user's storage.
    await page.goto(eventsPath);
    await page.reload();
    await eventsTable(page).getByRole('columnheader', { name: 'Event', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Columns (1 hidden)' }).waitFor();
    expect(await eventsTable(page).getByRole('columnheader', { name: 'Runs' }).count()).toBe(0);

    // Another user signing in to this browser (same storage) keeps every column.
    await page.context().addCookies(member.api.cookies());
    await page.goto(eventsPath);
    await eventsTable(page).getByRole('columnheader', { name: 'Runs' }).waitFor();
    await page.getByRole('button', { name: 'Columns', exact: true }).waitFor();
  });
});
