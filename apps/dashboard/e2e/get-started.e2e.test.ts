/**
 * The quickstart: an API token created on demand, and how to connect a worker with the
 * official SDK, each with a copy button. Checked against the real server.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SeededUser } from './support/api';
import { seedOwner, seedUser } from './support/api';
import { launchBrowser, openPage } from './support/browser';

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

async function pageFor(user: SeededUser) {
  const { context, page } = await openPage(browser, baseUrl, {
    session: user.api,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(context);
  return page;
}

describe('get started', () => {
  it('creates a token on demand and shows how to run a worker', async () => {
    const owner = await seedOwner(baseUrl, 'Quickstart Tenant');
    const tenantId = owner.tenant.metadata.id;
    const page = await pageFor(owner);
    await page.goto(`/tenants/${tenantId}/onboarding/get-started`);
    await page.getByRole('heading', { name: 'Get Started', level: 1 }).waitFor();
    await page.getByText('Connect your first worker to Quickstart Tenant.').waitFor();
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.getByText('npm install @hatchet-dev/typescript-sdk').waitFor();
    await page.getByRole('button', { name: 'Copy install command' }).click();
    expect(await clipboard()).toBe('npm install @hatchet-dev/typescript-sdk');

    await page.getByRole('button', { name: 'Copy worker code' }).click();
    const code = await clipboard();
    expect(code).toContain("import { HatchetClient } from '@hatchet-dev/typescript-sdk';");
    expect(code).toContain('const hatchet = HatchetClient.init();');
    expect(code).toContain('hatchet.task({');
    expect(code).toContain("const worker = await hatchet.worker('first-worker', {");
    expect(code).toContain('await worker.start();');

    await page.getByRole('button', { name: 'Copy start command' }).click();
    expect(await clipboard()).toBe('npx tsx worker.ts');

    // No token exists until the user asks for one.
    expect(await owner.api.apiTokens(tenantId)).toEqual([]);
    await page.getByRole('button', { name: 'Create API token' }).click();
    await page.getByText('Copy the token now: it is shown only once').waitFor();
    const [created] = await owner.api.apiTokens(tenantId);
    expect(created?.name).toBe('Quickstart');

    await page.getByRole('button', { name: 'Copy environment variables' }).click();
    const env = await clipboard();
    const match =
      /^export HATCHET_CLIENT_TOKEN=(\S+)\nexport HATCHET_CLIENT_TLS_STRATEGY=none$/.exec(env);
    expect(match).not.toBeNull();
    const token = match?.[1] ?? '';
    const response = await fetch(`${baseUrl}/api/v1/tenants/${tenantId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    await page.getByText(`API at ${baseUrl}`, { exact: false }).waitFor();

    // The worker status is what the server says: no worker API yet, or waiting for one.
    await page
      .getByText(/This server does not list workers yet|Waiting for a worker to connect/)
      .waitFor();
  });

  it('works outside the tenant frame and picks the tenant from the address', async () => {
    const owner = await seedOwner(baseUrl, 'Quickstart First');
    const other = await owner.api.createTenant('Quickstart Second');
    const page = await pageFor(owner);
    await page.goto(`/onboarding/get-started?tenant=${other.metadata.id}`);
    await page.getByText('Connect your first worker to Quickstart Second.').waitFor();
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Skip quickstart' }).click();
    await page.waitForURL(`${baseUrl}/tenants/${other.metadata.id}/runs`);
  });

  it('asks members without admin rights to get a token from an admin', async () => {
    const owner = await seedOwner(baseUrl, 'Quickstart Members');
    const member = await seedUser(baseUrl, 'quickmember');
    const invite = await owner.api.createInvite(owner.tenant.metadata.id, member.email, 'MEMBER');
    await member.api.acceptInvite(invite.metadata.id);
    const page = await pageFor(member);
    await page.goto(`/tenants/${owner.tenant.metadata.id}/onboarding/get-started`);
    await page.getByText('Ask an owner or admin for a token').waitFor();
    expect(await page.getByRole('button', { name: 'Create API token' }).count()).toBe(0);
    await page.getByText('export HATCHET_CLIENT_TOKEN=<your-api-token>').waitFor();
  });
});
