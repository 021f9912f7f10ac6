/**
 * The webhooks screen against the real server: create a webhook (the receive URL with the
 * port, authentication fields that follow the source), run the test command the dialog
 * shows, see the request accepted with the event it created, and a forged one refused;
 * edit the expression in place; delete after confirming.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTenantFixture } from './support/tenant-fixture';

const run = promisify(execFile);
const tenant = useTenantFixture({ tenantName: 'Webhooks Tenant' });

describe('webhooks', () => {
  it('creates an HMAC webhook, runs its test command, and follows the request to its event', async () => {
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/webhooks`);
    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a webhook' });

    await dialog.getByLabel('Name', { exact: true }).fill('orders-hmac');
    // The receive URL keeps the page's port.
    expect(await dialog.getByTestId('webhook-url').textContent()).toBe(
      `${tenant.baseUrl}/api/v1/stable/tenants/${tenant.tenantId}/webhooks/orders-hmac`,
    );
    // The authentication fields follow the source: a service asks only for its secret.
    await dialog.getByLabel('Source').selectOption('STRIPE');
    expect(await dialog.getByLabel('Authentication type').count()).toBe(0);
    await dialog.getByLabel('Signing secret').waitFor();
    await dialog.getByLabel('Source').selectOption('GENERIC');
    await dialog.getByLabel('Authentication type').selectOption('HMAC');
    await dialog.getByLabel('Signing secret').fill('e2e-secret');
    await dialog.getByLabel('Algorithm').selectOption('SHA512');
    await dialog.getByLabel('Encoding').selectOption('BASE64');
    await dialog.getByLabel('Signature header').fill('X-Orders-Signature');
    await dialog.getByLabel('Event key expression').fill('"orders." + input.kind');
    const script = (await dialog.locator('pre code').textContent()) ?? '';
    expect(script).toContain('openssl dgst -sha512');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();

    // The new webhook opens in its panel, with no requests yet.
    const panel = page.getByRole('dialog', { name: 'Webhook orders-hmac' });
    const requests = panel.getByRole('table', { name: 'Latest requests' });
    await requests.getByText('No requests yet').waitFor();

    // The dialog's command, run as shown, is accepted and becomes an event.
    const body = '{"kind": "created", "id": 7}';
    const accepted = await run('bash', ['-c', script.replace(/^BODY=.*$/m, `BODY='${body}'`)]);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ event: { key: 'orders.created' } });
    // A request with a forged signature is refused, and says why.
    const forged = await fetch(
      `${tenant.baseUrl}/api/v1/stable/tenants/${tenant.tenantId}/webhooks/orders-hmac`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Orders-Signature': 'Zm9yZ2Vk' },
        body,
      },
    );
    expect(forged.status).toBe(403);

    // The list follows the auto-refresh interval (10 s by default).
    await requests.locator('[data-request-outcome="REFUSED"]').waitFor({ timeout: 30_000 });
    await requests.getByText('invalid signature in X-Orders-Signature header').waitFor();
    const acceptedRow = requests.locator('[data-request-outcome="ACCEPTED"]');
    await acceptedRow.waitFor();
    await acceptedRow.getByRole('link').click();

    const event = page.getByRole('dialog', { name: 'Event orders.created' });
    await event.getByText('"kind": "created"').waitFor();
    await event.getByRole('link', { name: 'orders-hmac' }).waitFor();
  });

  it('edits the expression in place, refusing one that does not compile, and deletes after confirming', async () => {
    await tenant.owner.api.request('POST', `/api/v1/stable/tenants/${tenant.tenantId}/webhooks`, {
      body: {
        name: 'partner',
        sourceName: 'GENERIC',
        eventKeyExpression: 'input.id',
        authType: 'API_KEY',
        auth: { headerName: 'X-Key', apiKey: 'k' },
      },
    });
    const page = await tenant.page();
    await page.goto(`/tenants/${tenant.tenantId}/webhooks`);
    const row = page.locator('[data-webhook-row="partner"]');
    const expression = row.getByLabel('Event key expression of partner');
    await expression.fill('input.(');
    await expression.press('Enter');
    await row.getByText(/does not compile/).waitFor();
    await expression.press('Escape');
    expect(await expression.inputValue()).toBe('input.id');

    await expression.fill('input.event');
    await row.getByRole('button', { name: 'Save expression' }).waitFor();
    await expression.press('Enter');
    await page.getByText('Expression saved', { exact: true }).waitFor();
    await expect
      .poll(async () => {
        const list = await tenant.owner.api.request<{
          rows: { name: string; eventKeyExpression: string }[];
        }>('GET', `/api/v1/stable/tenants/${tenant.tenantId}/webhooks`);
        return list.rows.find((webhook) => webhook.name === 'partner')?.eventKeyExpression;
      })
      .toBe('input.event');

    await row.getByRole('button', { name: 'Actions for partner' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete webhook' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('Webhook deleted', { exact: true }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });
});
