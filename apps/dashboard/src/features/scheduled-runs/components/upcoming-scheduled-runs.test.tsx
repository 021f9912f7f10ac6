// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUserIdContext } from '@/hooks/current-user-id';
import { columnsStorageKey } from '@/hooks/use-column-visibility';
import { renderScreen } from '@/testing/render-screen';
import type { ScheduledWorkflows } from '@/types/api';
import { UpcomingScheduledRuns } from './upcoming-scheduled-runs';

const ID = '5f1c2e9a-0000-4000-8000-000000000001';
const SCHEDULED: ScheduledWorkflows = {
  metadata: { id: ID, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  tenantId: 't1',
  workflowVersionId: 'v1',
  workflowId: 'w1',
  workflowName: 'pipeline',
  triggerAt: '2030-01-01T09:00:00Z',
  method: 'API',
};

function renderUpcoming(rows: ScheduledWorkflows[]) {
  return renderScreen(
    <CurrentUserIdContext value="ada">
      <UpcomingScheduledRuns tenantId="t1" workflowId="w1" />
    </CurrentUserIdContext>,
    { answer: () => ({ rows, pagination: { num_pages: 1 } }) },
  );
}

describe('UpcomingScheduledRuns', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists the runs not fired yet, soonest first, and hides Trigger At on request', async () => {
    const { requests } = renderUpcoming([SCHEDULED]);
    expect(screen.getByText('Loading scheduled runs')).toBeTruthy();
    const link = await screen.findByRole('link', { name: ID.slice(0, 8) });
    expect(link.getAttribute('href')).toContain('/tenants/t1/scheduled?');
    expect(requests[0]!.url.searchParams.get('orderByField')).toBe('triggerAt');
    const table = screen.getByRole('table', { name: 'Upcoming scheduled runs' });
    expect(table.querySelector('time')).toBeTruthy();

    fireEvent.pointerDown(
      screen.getByRole('button', { name: 'Columns: Upcoming scheduled runs' }),
      { button: 0 },
    );
    const menu = await screen.findByRole('menu');
    // The ID opens the run: it is not offered.
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Trigger At']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Trigger At' }));
    expect([...table.querySelectorAll('th')].map((header) => header.textContent)).toEqual(['ID']);
    expect(localStorage.getItem(columnsStorageKey('ada', 'workflow-scheduled-runs'))).toBe(
      '["triggerAt"]',
    );
  });

  it('says when nothing is scheduled', async () => {
    renderUpcoming([]);
    await screen.findByText('No upcoming scheduled runs');
  });
});
