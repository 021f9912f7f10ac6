// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderScreen } from '@/testing/render-screen';
import { TriggerRunDialog } from './trigger-run-dialog';
import type { Timing } from '../utils/trigger-timing';

function renderDialog(initialTiming: Timing) {
  const timings = { schedule: vi.fn(() => Promise.resolve({})), cron: vi.fn() };
  const state = renderScreen(
    <TriggerRunDialog
      tenantId="t1"
      open
      onOpenChange={vi.fn()}
      workflows={[{ id: 'w1', name: 'nightly-report' }]}
      workflowsPending={false}
      search=""
      onSearchChange={vi.fn()}
      workflowId="w1"
      onWorkflowChange={vi.fn()}
      inputSchema={undefined}
      initialTiming={initialTiming}
      timings={timings}
    />,
    { answer: () => ({}) },
  );
  return { ...state, timings };
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TriggerRunDialog timing tabs', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("says what a cron does, or the spec's message, as it is typed", async () => {
    const { timings, router } = renderDialog('cron');
    expect(screen.getByRole('tab', { name: 'Cron' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Cron Expression')).toHaveProperty('value', '* * * * *');
    expect(screen.getByTestId('cron-description').textContent).toBe('Runs every minute (UTC)');

    change('Cron Expression', '* * *');
    expect(screen.getByRole('alert').textContent).toBe(
      'Expression has only 3 parts. At least 5 parts are required.',
    );
    change('Cron Expression', '* * * * * * * *');
    expect(screen.getByRole('alert').textContent).toBe('Expression has 8 parts; too many!');
    change('Cron Expression', '0 24 * * *');
    expect(screen.getByRole('alert').textContent).toBe('Expression contains invalid values');
    change('Cron Expression', '@often');
    expect(screen.getByRole('alert').textContent).toBe('Unknown special expression.');

    // Without a name nothing is sent; the reasons show under the button.
    fireEvent.click(screen.getByRole('button', { name: 'Create cron job' }));
    expect(screen.getByText('Enter a cron name.')).toBeTruthy();
    expect(timings.cron).not.toHaveBeenCalled();

    change('Cron Name', 'every-morning');
    change('Cron Expression', 'CRON_TZ=Europe/Berlin 0 9 * * 1-5');
    expect(screen.getByTestId('cron-description').textContent).toBe(
      'Runs at 09:00, Monday through Friday (Europe/Berlin)',
    );
    timings.cron.mockResolvedValue({});
    fireEvent.click(screen.getByRole('button', { name: 'Create cron job' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants/t1/cron-jobs'));
    expect(timings.cron).toHaveBeenCalledWith('nightly-report', {
      input: {},
      additionalMetadata: {},
      cronName: 'every-morning',
      cronExpression: 'CRON_TZ=Europe/Berlin 0 9 * * 1-5',
    });
  });

  it("shows the server's field messages under the button", async () => {
    const { timings } = renderDialog('cron');
    timings.cron.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 400,
        errors: [{ field: 'cronName', description: 'cron name already exists' }],
        descriptions: ['cron name already exists'],
      }),
    );
    change('Cron Name', 'dup');
    fireEvent.click(screen.getByRole('button', { name: 'Create cron job' }));
    await waitFor(() => expect(screen.getByText('cron name already exists')).toBeTruthy());
  });

  it('schedules at the picked time, moved by the quick-add buttons', async () => {
    const { timings, router } = renderDialog('schedule');
    change('Trigger at', '2026-05-01T10:00:00');
    fireEvent.click(screen.getByRole('button', { name: '+15s' }));
    fireEvent.click(screen.getByRole('button', { name: '+5m' }));
    // jsdom writes the seconds' fraction into the value; browsers leave it out.
    expect((screen.getByLabelText('Trigger at') as HTMLInputElement).value).toMatch(
      /^2026-05-01T10:05:15/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Schedule run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants/t1/scheduled'));
    expect(timings.schedule).toHaveBeenCalledWith('nightly-report', {
      input: {},
      additionalMetadata: {},
      triggerAt: '2026-05-01T10:05:15.000Z',
    });
  });

  it("reads the picked time in the user's time zone, and says which", async () => {
    localStorage.setItem('trellis-time-zone', 'America/New_York');
    const { timings, router } = renderDialog('schedule');
    expect(screen.getByText('Time zone: America/New_York')).toBeTruthy();
    change('Trigger at', '2026-05-01T10:00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants/t1/scheduled'));
    expect(timings.schedule).toHaveBeenCalledWith(
      'nightly-report',
      expect.objectContaining({ triggerAt: '2026-05-01T14:00:00.000Z' }),
    );
  });

  it('asks for a time when the picker is emptied', () => {
    const { timings } = renderDialog('schedule');
    change('Trigger at', '');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule run' }));
    expect(screen.getByText('Select a date and time.')).toBeTruthy();
    expect(timings.schedule).not.toHaveBeenCalled();
  });
});
