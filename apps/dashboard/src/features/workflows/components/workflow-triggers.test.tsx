// @vitest-environment jsdom
import { cleanup, render as renderInDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowVersion } from '@/types/api';
import { WorkflowTriggers } from './workflow-triggers';

const base: WorkflowVersion = {
  metadata: { id: 'v1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  version: 'v1',
  order: 1,
  workflowId: 'w1',
};

const render = (element: ReactElement) => renderInDom(<MemoryRouter>{element}</MemoryRouter>);

describe('WorkflowTriggers', () => {
  afterEach(cleanup);

  it('lists event keys and describes cron schedules with their timezone', () => {
    render(
      <WorkflowTriggers
        tenantId="t1"
        version={{
          ...base,
          triggers: {
            events: [{ event_key: 'order:created' }],
            crons: [{ cron: '0 9 * * 1-5' }, { cron: 'CRON_TZ=Europe/Paris 30 6 * * *' }],
          },
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'order:created' }).getAttribute('href')).toBe(
      '/tenants/t1/events?events-table=%7B%22k%22%3A%5B%22order%3Acreated%22%5D%7D',
    );
    expect(screen.getByText('0 9 * * 1-5')).toBeTruthy();
    expect(screen.getByText('Runs at 09:00, Monday through Friday')).toBeTruthy();
    expect(screen.getByText('Runs at 06:30')).toBeTruthy();
    expect(screen.getByText('(Europe/Paris)')).toBeTruthy();
  });

  it('says when a cron cannot be described', () => {
    render(
      <WorkflowTriggers
        tenantId="t1"
        version={{ ...base, triggers: { crons: [{ cron: '99 * * * *' }] } }}
      />,
    );
    expect(
      screen.getByText(
        'An error occurred when generating the expression description. Check the cron expression syntax.',
      ),
    ).toBeTruthy();
  });

  it('explains a workflow without triggers', () => {
    render(<WorkflowTriggers tenantId="t1" version={base} />);
    expect(screen.getByText(/No event or cron triggers/)).toBeTruthy();
  });
});
