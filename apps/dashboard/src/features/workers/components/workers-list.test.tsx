// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Worker } from '@/types/api';
import { WorkersList } from './workers-list';

const meta = (id: string, createdAt: string) => ({ id, createdAt, updatedAt: createdAt });

const workers: Worker[] = [
  {
    metadata: meta('w-active', '2026-01-02T00:00:00Z'),
    name: 'active-worker',
    type: 'SELFHOSTED',
    status: 'ACTIVE',
    lastHeartbeatAt: '2026-01-02T00:00:00Z',
    slotConfig: { default: { limit: 10, available: 7 } },
    runtimeInfo: { language: 'TYPESCRIPT', sdkVersion: '1.33.2' },
    labels: [{ metadata: meta('l1', '2026-01-02T00:00:00Z'), key: 'region', value: 'eu' }],
  },
  {
    metadata: meta('w-gone', '2026-01-01T00:00:00Z'),
    name: 'stopped-worker',
    type: 'SELFHOSTED',
    status: 'INACTIVE',
  },
];

function renderList(initialEntry = '/tenants/t1/workers') {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockImplementation(() => Promise.resolve(Response.json({ rows: workers }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/tenants/:tenant/workers', element: <WorkersList tenantId="t1" /> }],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('WorkersList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows active and paused workers by default, with slots, SDK and labels', async () => {
    renderList();
    await screen.findByText('active-worker');
    expect(screen.queryByText('stopped-worker')).toBeNull();
    expect(screen.getByText('3 / 10')).toBeTruthy();
    expect(screen.getByText('TypeScript SDK 1.33.2')).toBeTruthy();
    expect(screen.getByText('region:eu')).toBeTruthy();
  });

  it('filters by status and keeps the filter in the URL', async () => {
    const router = renderList();
    await screen.findByText('active-worker');
    fireEvent.click(screen.getByRole('checkbox', { name: /Inactive/ }));
    await screen.findByText('stopped-worker');
    expect(router.state.location.search).toContain('workers-table');
    fireEvent.click(screen.getByRole('checkbox', { name: /Active/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Paused/ }));
    expect(screen.queryByText('active-worker')).toBeNull();
    expect(screen.getByText('stopped-worker')).toBeTruthy();
  });

  it('reads the filter from the URL', async () => {
    renderList('/tenants/t1/workers?workers-table=%7B%22s%22%3A%5B%22INACTIVE%22%5D%7D');
    await screen.findByText('stopped-worker');
    expect(screen.queryByText('active-worker')).toBeNull();
  });
});
