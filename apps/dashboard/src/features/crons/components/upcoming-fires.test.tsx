// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeStorage } from '@/lib/storage';
import { UpcomingFires } from './upcoming-fires';

const berlin = 'CRON_TZ=Europe/Berlin 30 2 * * *';

describe('UpcomingFires', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("lists five fires in the user's zone and in the cron's", () => {
    localStorage.setItem('trellis-time-zone', 'America/New_York');
    render(<UpcomingFires cron="0 9 * * *" now={new Date('2026-05-01T10:00:00Z')} />);
    const items = within(screen.getByRole('list', { name: 'Next fire times' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(5);
    expect(items[0]?.textContent).toContain('Your time (America/New_York)');
    expect(items[0]?.textContent).toContain('Sat, May 2, 2026, 05:00:00 GMT-4');
    expect(items[0]?.textContent).toContain('Cron time (UTC)');
    expect(items[0]?.textContent).toContain('Sat, May 2, 2026, 09:00:00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("follows the browser's zone by default, and a new choice at once", () => {
    render(<UpcomingFires cron="0 9 * * *" now={new Date('2026-05-01T10:00:00Z')} />);
    const first = () => screen.getAllByRole('listitem')[0]?.textContent;
    // The unit tests run with TZ=UTC.
    expect(first()).toContain('Your time (UTC)Sat, May 2, 2026, 09:00:00');
    act(() => writeStorage('trellis-time-zone', 'Asia/Tokyo'));
    expect(first()).toContain('Your time (Asia/Tokyo)Sat, May 2, 2026, 18:00:00 GMT+9');
  });

  it('warns when a fire falls into the spring gap, and marks that fire', () => {
    render(<UpcomingFires cron={berlin} now={new Date('2026-03-27T12:00:00Z')} />);
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('Daylight saving in Europe/Berlin');
    expect(warning.textContent).toContain('does not exist that day');
    const moved = document.querySelectorAll('[data-dst="gap"]');
    expect(moved).toHaveLength(1);
    expect(moved[0]?.textContent).toContain('Sun, Mar 29, 2026, 03:00:00 GMT+2');
  });

  it('warns when a fire falls on a wall time that repeats in autumn', () => {
    render(<UpcomingFires cron={berlin} now={new Date('2026-10-24T12:00:00Z')} />);
    expect(screen.getByRole('alert').textContent).toContain('occurs twice that day');
    expect(document.querySelectorAll('[data-dst="repeat"]')).toHaveLength(1);
  });

  it('shows nothing to warn about far from a change', () => {
    render(<UpcomingFires cron={berlin} now={new Date('2026-06-01T00:00:00Z')} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
