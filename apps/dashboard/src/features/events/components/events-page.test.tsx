// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import type { Request } from '@/testing/render-screen';
import type { V1Event } from '@/types/api';
import { EventsPage } from './events-page';

const meta = (id: string) => ({
  id,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const summary = { running: 0, queued: 0, succeeded: 0, failed: 0, cancelled: 0 };

const events: V1Event[] = [
  {
    metadata: meta('e1'),
    key: 'order.created',
    tenantId: 't1',
    workflowRunSummary: { ...summary, failed: 2, succeeded: 5 },
    additionalMetadata: { env: 'prod' },
    scope: 'eu',
    celEvaluationFailures: [{ filterId: 'f1', workflowId: 'w1', message: 'no such key: x' }],
  },
  {
    metadata: meta('e2'),
    key: 'user.signup',
    tenantId: 't1',
    workflowRunSummary: summary,
    triggeringWebhookName: 'signups',
  },
];

function answer(request: Request) {
  const path = request.url.pathname;
  if (path.endsWith('/events/keys')) return { rows: ['order.created', 'user.signup'] };
  if (path.endsWith('/events/e1')) return events[0];
  if (path.endsWith('/events')) return { rows: events, pagination: { num_pages: 1 } };
  return { rows: [] };
}

function renderPage(url = '/tenants/t1/events') {
  return renderScreen(
    <EventsPage
      tenantId="t1"
      canEdit
      workflows={[]}
      slots={{
        triggeredRuns: (event) => <p>runs of {event.metadata.id}</p>,
        scopeFilters: (scope) => <p>filters of {scope}</p>,
      }}
    />,
    { url, pattern: '/tenants/:tenant/events', answer },
  );
}

describe('EventsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the filters in the URL and shows run counts and marks per event', async () => {
    const filter = encodeURIComponent(JSON.stringify({ k: ['order.created'], st: ['FAILED'] }));
    const { requests } = renderPage(`/tenants/t1/events?events-table=${filter}`);
    await screen.findByText('2 Failed');
    expect(screen.getByText('5 Succeeded')).toBeTruthy();
    expect(screen.getAllByText('None').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('img', { name: '1 filter expression failed on this event' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Received by webhook signups' })).toBeTruthy();
    const list = requests.find(
      (request) => request.url.pathname === '/api/v1/stable/tenants/t1/events',
    );
    expect(list?.url.searchParams.getAll('keys')).toEqual(['order.created']);
    expect(list?.url.searchParams.getAll('workflowRunStatuses')).toEqual(['FAILED']);
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
  });

  it('opens an event in the panel, deep-linked, with its failures and composed sections', async () => {
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'order.created' }));
    await waitFor(() => expect(router.state.location.search).toBe('?event=e1'));
    expect(await screen.findByText('runs of e1')).toBeTruthy();
    expect(screen.getByText('filters of eu')).toBeTruthy();
    expect(screen.getByText('no such key: x')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the filter' }).getAttribute('href')).toBe(
      '/tenants/t1/filters?filter=f1',
    );
  });

  it('asks before replaying the selected events', async () => {
    const { requests } = renderPage();
    await screen.findByText('user.signup');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all events on this page' }));
    expect(screen.getByText('2 of 2 row(s) selected.')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Actions' }), { button: 0 });
    fireEvent.click(await screen.findByRole('menuitem', { name: /Replay/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replay 2 events' });
    expect(dialog.textContent).toContain('user.signup');
    expect(requests.some((request) => request.url.pathname.endsWith('/events/replay'))).toBe(false);
  });
});
