// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import type { V1WebhookRequest } from '@/types/api';
import { WEBHOOK_REQUEST_COLUMN_CHOICES, WebhookRequestsTable } from './webhook-requests-table';

const EVENT = '9d2b7c11-0000-4000-8000-000000000001';
const REQUESTS: V1WebhookRequest[] = [
  {
    id: 'r2',
    receivedAt: '2026-05-01T10:00:02Z',
    statusCode: 200,
    outcome: 'ACCEPTED',
    eventId: EVENT,
  },
  {
    id: 'r1',
    receivedAt: '2026-05-01T10:00:01Z',
    statusCode: 403,
    outcome: 'REFUSED',
    reason: 'signature does not match',
  },
];

const headers = () =>
  [...screen.getByRole('table', { name: 'Latest requests' }).querySelectorAll('th')].map(
    (header) => header.textContent,
  );

describe('WebhookRequestsTable', () => {
  afterEach(cleanup);

  it('lists each request with its outcome, why it was refused and the event it created', async () => {
    renderScreen(<WebhookRequestsTable tenantId="t1" name="stripe" />, {
      answer: ({ url }) => {
        expect(url.pathname).toBe('/api/v1/stable/tenants/t1/webhooks/stripe/requests');
        return { rows: REQUESTS };
      },
    });
    expect(screen.getByText('Loading requests')).toBeTruthy();
    const link = await screen.findByRole('link', { name: EVENT.slice(0, 8) });
    expect(link.getAttribute('href')).toContain('/tenants/t1/events?');
    expect(headers()).toEqual(['Received', 'Outcome', 'Event', 'Status']);
    const refused = document.querySelector('[data-request-outcome="REFUSED"]')!;
    expect(refused.textContent).toContain('Refused');
    expect(refused.textContent).toContain('signature does not match');
    expect(refused.textContent).toContain('403');
  });

  it('leaves out the columns the user hid; the time names a request and stays', async () => {
    expect(WEBHOOK_REQUEST_COLUMN_CHOICES.map((choice) => choice.id)).toEqual([
      'outcome',
      'event',
      'status',
    ]);
    renderScreen(
      <WebhookRequestsTable
        tenantId="t1"
        name="stripe"
        columnVisibility={{ event: false, status: false }}
      />,
      { answer: () => ({ rows: REQUESTS }) },
    );
    await screen.findAllByText('Accepted');
    expect(headers()).toEqual(['Received', 'Outcome']);
  });

  it('says when no request came yet', async () => {
    renderScreen(<WebhookRequestsTable tenantId="t1" name="stripe" />, {
      answer: () => ({ rows: [] }),
    });
    await screen.findByText('No requests yet');
  });
});
