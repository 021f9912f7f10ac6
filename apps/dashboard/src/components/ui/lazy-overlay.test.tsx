// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyOverlay } from './lazy-overlay';
import { lazyParts } from './lazy-parts';

/** Stand-ins for a Radix module: the root shows whether it is open; the trigger is a button. */
const fakeParts = {
  Root: ({ open, children }: { open: boolean; children?: ReactNode }) => (
    <div>
      {children}
      {open ? <p>The panel</p> : null}
    </div>
  ),
  Trigger: (props: ComponentProps<'button'>) => <button type="button" {...props} />,
};

/** An overlay whose code arrives when the test says so, and the trigger's wrapper. */
function overlayArrivingLater() {
  let arrive = () => {};
  // Made inside the test, after the setup has loaded every module made at import.
  const parts = lazyParts(
    () => new Promise<typeof fakeParts>((resolve) => (arrive = () => resolve(fakeParts))),
  );
  const overlay = lazyOverlay(parts, { popup: 'dialog', opensOn: 'click' });
  render(
    <overlay.Root>
      <overlay.Trigger>Filters</overlay.Trigger>
      <span>Elsewhere</span>
    </overlay.Root>,
  );
  return { arrive: () => act(async () => arrive()) };
}

describe('a lazy overlay opened on click', () => {
  afterEach(cleanup);

  it('opens on the first click before its code has arrived', async () => {
    const { arrive } = overlayArrivingLater();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await arrive();
    expect(screen.getByText('The panel')).toBeDefined();
  });

  it('opens when its code arrives between the press and the release, which sends no click', async () => {
    const { arrive } = overlayArrivingLater();
    const standIn = screen.getByRole('button', { name: 'Filters' });
    fireEvent.pointerDown(standIn);
    await arrive();
    const real = screen.getByRole('button', { name: 'Filters' });
    expect(real).not.toBe(standIn);
    fireEvent.pointerUp(real);
    expect(await screen.findByText('The panel')).toBeDefined();
  });

  it('stays closed when that press is released elsewhere', async () => {
    const { arrive } = overlayArrivingLater();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Filters' }));
    await arrive();
    fireEvent.pointerUp(screen.getByText('Elsewhere'));
    // A later release on the trigger belongs to no press made before the swap.
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Filters' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByText('The panel')).toBeNull();
  });

  it('stays closed when that press is cancelled', async () => {
    const { arrive } = overlayArrivingLater();
    const standIn = screen.getByRole('button', { name: 'Filters' });
    fireEvent.pointerDown(standIn);
    fireEvent.pointerCancel(standIn);
    await arrive();
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Filters' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByText('The panel')).toBeNull();
  });
});
