// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunTriggerNote } from './run-trigger-note';

const text = () => screen.getByTestId('run-trigger').textContent?.replace(/\s+/g, ' ');

describe('RunTriggerNote', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('names the cron by its name, else its expression, with the due time', () => {
    render(
      <RunTriggerNote
        trigger={{
          kind: 'CRON',
          cronName: 'nightly',
          cronExpression: '0 2 * * *',
          dueAt: '2026-05-01T02:00:00.000Z',
          late: false,
        }}
      />,
    );
    expect(text()).toBe('Triggered by cron nightly for 2026-05-01 02:00:00.000 GMT');
    expect(screen.queryByText('late')).toBeNull();
    cleanup();
    render(
      <RunTriggerNote
        trigger={{
          kind: 'CRON',
          cronExpression: '0 2 * * *',
          dueAt: '2026-05-01T02:00:00Z',
          late: true,
        }}
      />,
    );
    expect(text()).toBe('Triggered by cron 0 2 * * * for 2026-05-01 02:00:00.000 GMTlate');
    expect(screen.getByText('late').title).toContain('after its time had passed');
  });

  it('says "run now" for a cron run started by hand, which has no due time', () => {
    render(
      <RunTriggerNote trigger={{ kind: 'CRON', cronId: 'c1', cronName: 'nightly', late: false }} />,
    );
    expect(text()).toBe('Triggered by cron nightly (run now)');
  });

  it("writes the due time in the user's time zone", () => {
    localStorage.setItem('trellis-time-zone', 'Asia/Tokyo');
    render(
      <RunTriggerNote trigger={{ kind: 'SCHEDULE', dueAt: '2026-05-01T09:30:00Z', late: false }} />,
    );
    expect(text()).toBe('Scheduled for 2026-05-01 18:30:00.000 GMT+9 (Asia/Tokyo)');
  });

  it('says when a scheduled run was due', () => {
    render(
      <RunTriggerNote
        trigger={{
          kind: 'SCHEDULE',
          scheduledRunId: 's1',
          dueAt: '2026-05-01T09:30:00Z',
          late: false,
        }}
      />,
    );
    expect(text()).toBe('Scheduled for 2026-05-01 09:30:00.000 GMT');
  });
});
