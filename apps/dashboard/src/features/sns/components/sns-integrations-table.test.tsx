// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnsIntegration } from '@trellis/api-contract';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import { SNS_COLUMN_CHOICES, SnsIntegrationsTable } from './sns-integrations-table';

const INGEST_URL = 'https://trellis.example.com/api/v1/sns/t1/sns-event';
const integration = (id: string, topic: string): SnsIntegration => ({
  metadata: { id, createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z' },
  tenantId: 't1',
  topicArn: `arn:aws:sns:us-east-1:123456789012:${topic}`,
  ingestUrl: INGEST_URL,
});
const ROWS = [integration('i1', 'orders'), integration('i2', 'payments')];

function renderTable(
  answer: Answer,
  props: Partial<Parameters<typeof SnsIntegrationsTable>[0]> = {},
) {
  const callbacks = { onCreate: vi.fn(), onDelete: vi.fn() };
  const state = renderScreen(
    <SnsIntegrationsTable tenantId="t1" canEdit {...callbacks} {...props} />,
    { answer },
  );
  return { ...state, ...callbacks };
}

const headers = () =>
  [...screen.getByRole('table', { name: 'SNS integrations' }).querySelectorAll('th')].map(
    (header) => header.textContent,
  );
const row = (topic: string) =>
  document.querySelector<HTMLElement>(
    `[data-sns-row="arn:aws:sns:us-east-1:123456789012:${topic}"]`,
  );

describe('SnsIntegrationsTable', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each topic with its ingest URL and copy button, when it was created and a menu', async () => {
    const { requests, onDelete } = renderTable(() => ({ pagination: {}, rows: ROWS }));
    expect(screen.getByText('Loading SNS integrations')).toBeTruthy();
    await screen.findByText('arn:aws:sns:us-east-1:123456789012:orders');
    expect(requests[0]?.url.pathname).toBe('/api/v1/tenants/t1/sns');
    expect(headers()).toEqual(['Topic ARN', 'Ingest URL', 'Created', 'Actions']);

    const orders = row('orders')!;
    expect(within(orders).getByTestId('sns-ingest-url').textContent).toBe(INGEST_URL);
    expect(within(orders).getByRole('button', { name: 'Copy ingest URL' })).toBeTruthy();
    expect(within(orders).getByRole('time').getAttribute('dateTime')).toBe(
      '2026-11-27T10:00:00.000Z',
    );
    const menu = within(orders).getByRole('button', {
      name: 'Actions for arn:aws:sns:us-east-1:123456789012:orders',
    });
    // Radix opens its menu on pointer down; its code loads on the way.
    fireEvent.pointerDown(menu, { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(ROWS[0]);
  });

  it('offers a viewer no menu, and leaves out the columns the user hid', async () => {
    expect(SNS_COLUMN_CHOICES.map((choice) => choice.id)).toEqual(['ingestUrl', 'created']);
    renderTable(() => ({ pagination: {}, rows: ROWS }), {
      canEdit: false,
      columnVisibility: { created: false },
    });
    await screen.findByText('arn:aws:sns:us-east-1:123456789012:payments');
    expect(headers()).toEqual(['Topic ARN', 'Ingest URL']);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('says what integrations are for when there are none, with Create for members only', async () => {
    const { onCreate } = renderTable(() => ({ pagination: {}, rows: [] }));
    await screen.findByText('No SNS integrations');
    expect(screen.getByText(/subscribe the ingest URL it gives to the topic/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create SNS Endpoint' }));
    expect(onCreate).toHaveBeenCalledOnce();
    cleanup();

    renderTable(() => ({ pagination: {}, rows: [] }), { canEdit: false });
    await screen.findByText('No SNS integrations');
    expect(screen.queryByRole('button', { name: 'Create SNS Endpoint' })).toBeNull();
  });

  it('says why the list could not load, and tries again', async () => {
    let calls = 0;
    renderTable(() => {
      calls += 1;
      return calls === 1
        ? withStatus(500, { errors: [{ description: 'boom' }] })
        : { pagination: {}, rows: ROWS };
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load SNS integrations');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('arn:aws:sns:us-east-1:123456789012:orders');
  });
});
