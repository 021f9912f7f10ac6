/**
 * The runs page's first screen leaves out the code of its menus, popovers, dialogs and toasts
 * (components/ui/lazy-overlay.tsx): each downloads when first reached for, and still opens on
 * the first click or key press, with the focus where Radix would put it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTenantFixture } from './support/tenant-fixture';

const fx = useTenantFixture({ tenantName: 'Overlay Loading Tenant' });

const LAZY_PARTS = /\/(dropdown-menu-parts|popover-parts|dialog-parts|toast-region)-[\w-]+\.js$/;
const MENU_PARTS = /\/dropdown-menu-parts-[\w-]+\.js$/;
const POPOVER_PARTS = /\/popover-parts-[\w-]+\.js$/;

/** The runs page, with the scripts it asked for so far. */
async function runsPage(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`/tenants/${fx.tenantId}/runs`);
  await page.getByRole('heading', { level: 1, name: 'Runs' }).waitFor();
  await page.waitForLoadState('networkidle');
  return scripts;
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
const focusedRole = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('role'));

describe('overlays on the runs page', () => {
  it('load their code when first used, and open on the first click', async () => {
    const page = await fx.page();
    const scripts = await runsPage(page);
    expect(scripts.filter((url) => LAZY_PARTS.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Workflow' }).waitFor();
    expect(scripts.some((url) => MENU_PARTS.test(url))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Columns');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
  });

  it('keep the focus on a trigger whose code arrives while it has it', async () => {
    const page = await fx.page();
    await runsPage(page);
    const arrived = page.waitForResponse((response) => MENU_PARTS.test(response.url()));
    await page.getByRole('button', { name: 'Columns' }).focus();
    await arrived;
    // The stand-in is replaced by Radix's trigger: the new button has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')))
      .toBe('menu');
    await expect(focusedLabel(page)).resolves.toBe('Columns');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedRole(page)).toBe('menuitemcheckbox');
  });

  it('open from the keyboard on the first item even before their code has arrived', async () => {
    const page = await fx.page();
    // A slow network: the menu's code is still on its way when Enter is pressed.
    await page.route(MENU_PARTS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await runsPage(page);
    await page.getByRole('button', { name: 'Columns' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => focusedRole(page)).toBe('menuitemcheckbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedLabel(page)).toBe('Columns');
  });

  it('open on a click whose press came before their code and whose release after', async () => {
    const page = await fx.page();
    // The popover's code is held back until the button is pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(POPOVER_PARTS, async (route) => {
      await held;
      await route.continue();
    });
    await runsPage(page);
    const filters = page.getByRole('button', { name: /^Filters/ });
    const standIn = await filters.elementHandle();
    const box = (await filters.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The code arrives and the pressed stand-in is swapped for Radix's trigger: Chromium then
    // sends no click for this press.
    await expect.poll(() => standIn!.evaluate((node) => node.isConnected)).toBe(false);
    await page.mouse.up();
    await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
  });
});
