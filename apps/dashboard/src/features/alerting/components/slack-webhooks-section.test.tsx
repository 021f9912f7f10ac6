// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlackWebhook } from '@trellis/api-contract';
import { renderScreen } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import { SlackWebhooksSection } from './slack-webhooks-section';

const webhook: SlackWebhook = {
  metadata: { id: 'w1', createdAt: '2026-11-27T10:00:00Z', updatedAt: '2026-11-27T10:00:00Z' },
  tenantId: 't1',
  teamName: 'Acme',
  teamId: 'T1',
  channelName: '#ops',
  channelId: 'C1',
};

function answers(integrations: unknown[], rows: SlackWebhook[]): Answer {
  return ({ url }) =>
    url.pathname === '/api/v1/meta/integrations' ? integrations : { pagination: {}, rows };
}

describe('SlackWebhooksSection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the webhooks and links members to the install when the server has Slack', async () => {
    renderScreen(<SlackWebhooksSection tenantId="t1" canEdit />, {
      answer: answers([{ name: 'slack', enabled: true }], [webhook]),
    });
    const row = await screen.findByText('#ops');
    expect(row.closest('tr')?.getAttribute('data-slack-webhook')).toBe('#ops in Acme');
    const link = await screen.findByRole('link', { name: 'Add Slack Webhook' });
    expect(link.getAttribute('href')).toBe('/api/v1/tenants/t1/slack/start');
    expect(screen.getByRole('button', { name: 'Actions for #ops in Acme' })).toBeTruthy();
  });

  it('offers viewers no install and no menu', async () => {
    renderScreen(<SlackWebhooksSection tenantId="t1" canEdit={false} />, {
      answer: answers([{ name: 'slack', enabled: true }], [webhook]),
    });
    await screen.findByText('#ops');
    expect(screen.queryByRole('link', { name: 'Add Slack Webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for #ops in Acme' })).toBeNull();
  });

  it('says Slack is not set up when the server has no Slack app', async () => {
    renderScreen(<SlackWebhooksSection tenantId="t1" canEdit />, { answer: answers([], []) });
    await screen.findByText(/Slack is not set up on this server/);
    await screen.findByText('No Slack webhooks');
    expect(screen.queryByRole('link', { name: 'Add Slack Webhook' })).toBeNull();
  });
});
