// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUserIdContext } from '@/hooks/current-user-id';
import { columnsStorageKey } from '@/hooks/use-column-visibility';
import { renderScreen, withStatus } from '@/testing/render-screen';
import type { Answer } from '@/testing/render-screen';
import type { CronWorkflows } from '@/types/api';
import { CronsSummary } from './crons-summary';

const meta = (id: string) => ({
  id,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const cron = (id: string, extra: Partial<CronWorkflows>): CronWorkflows => ({
  metadata: meta(id),
  tenantId: 't1',
  workflowVersionId: 'v1',
  workflowId: 'w1',
  workflowName: 'pipeline',
  cron: '0 9 * * 1-5',
  enabled: true,
  method: 'API',
  ...extra,
});
const CRONS = [
  cron('c1', { name: 'weekdays' }),
  cron('c2', { cron: '*/5 * * * *', method: 'DEFAULT', enabled: false }),
];

function renderSummary(answer: Answer) {
  return renderScreen(
    <CurrentUserIdContext value="ada">
      <CronsSummary tenantId="t1" workflowId="w1" />
    </CurrentUserIdContext>,
    { answer },
  );
}

const headers = () =>
  [...screen.getByRole('table', { name: 'Cron jobs of this workflow' }).querySelectorAll('th')].map(
    (header) => header.textContent,
  );

describe('CronsSummary', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists the workflow’s crons, each opening on the cron jobs screen', async () => {
    const { requests } = renderSummary(() => ({ rows: CRONS, pagination: { num_pages: 1 } }));
    expect(screen.getByText('Loading cron jobs')).toBeTruthy();
    const link = await screen.findByRole('link', { name: '0 9 * * 1-5' });
    expect(link.getAttribute('href')).toContain('/tenants/t1/cron-jobs?');
    expect(headers()).toEqual(['Expression', 'Description', 'Name', 'Enabled']);
    expect(screen.getByText('weekdays')).toBeTruthy();
    expect(screen.getByText('Defined in code')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Disabled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in Cron Jobs' })).toBeTruthy();
    expect(requests[0]!.url.searchParams.get('workflowId')).toBe('w1');
  });

  it('hides the columns the user chose for this list, keeping the expression and state', async () => {
    localStorage.setItem(columnsStorageKey('ada', 'workflow-cron-jobs'), '["description","name"]');
    renderSummary(() => ({ rows: CRONS, pagination: { num_pages: 1 } }));
    await screen.findByRole('link', { name: '0 9 * * 1-5' });
    expect(headers()).toEqual(['Expression', 'Enabled']);
    expect(
      screen.getByRole('button', { name: 'Columns: Cron jobs of this workflow (2 hidden)' }),
    ).toBeTruthy();
  });

  it('says when the workflow has no crons, and when they could not be loaded', async () => {
    renderSummary(() => ({ rows: [], pagination: { num_pages: 1 } }));
    await screen.findByText('No cron jobs');
    cleanup();

    renderSummary(() => withStatus(500, { errors: [{ description: 'down' }] }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not load'));
  });
});
