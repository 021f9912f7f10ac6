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

  it('shows one toast at a time in an F8 notifications region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'replaces the first' });
    });
    // The region's code loads with the first toast.
    expect(await screen.findByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByText('replaces the first')).toBeTruthy();
  });

  it('updates a toast in place', async () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Saving' });
    });
    await screen.findByText('Saving');
    act(() => handle?.update({ title: 'Saved' }));
    expect(screen.getByText('Saved')).toBeTruthy();
  });
});
