// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeZoneDialog } from './time-zone-dialog';

const radio = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('TimeZoneDialog', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("offers the browser's zone, UTC and a search of every zone, and stores a pick", () => {
    render(<TimeZoneDialog open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Time zone' });
    expect(dialog).toBeTruthy();
    // The unit tests run with TZ=UTC; the current choice has the focus. (Read from the focused
    // element: role queries over every zone's radio cost seconds in jsdom.)
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.checked).toBe(true);
    expect(focused.closest('label')?.textContent).toMatch(/^Browser \(UTC\)/);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search time zones' }), {
      target: { value: 'new york' },
    });
    expect(screen.getByText(/^1 of \d+ zones$/)).toBeTruthy();
    // The browser's zone and UTC stay offered above the results.
    expect(radio(/^Browser \(UTC\)/)).toBe(focused);
    expect(radio(/^UTC/).checked).toBe(false);
    fireEvent.click(radio(/^America\/New_York/));
    expect(localStorage.getItem('trellis-time-zone')).toBe('America/New_York');
    expect(radio(/^America\/New_York/).checked).toBe(true);
    expect(radio(/^Browser/).checked).toBe(false);

    fireEvent.click(radio(/^UTC/));
    expect(localStorage.getItem('trellis-time-zone')).toBe('UTC');
  });

  it('says when no zone matches', () => {
    render(<TimeZoneDialog open onOpenChange={vi.fn()} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search time zones' }), {
      target: { value: 'atlantis' },
    });
    expect(screen.getByText('No zone matches.')).toBeTruthy();
  });
});
