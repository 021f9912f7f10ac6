// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@/hooks/use-toast';
import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
  });

  it('shows one toast at a time in an F8 notifications region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'replaces the first' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByText('replaces the first')).toBeTruthy();
  });

  it('updates a toast in place', () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Saving' });
    });
    act(() => handle?.update({ title: 'Saved' }));
    expect(screen.getByText('Saved')).toBeTruthy();
  });
});
