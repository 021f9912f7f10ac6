// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveStateContext } from '@/hooks/use-live-status';
import type { LiveState } from '@/hooks/use-live-status';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { RefreshControl } from './refresh-control';

/** The tenant's live updates as the screen would see them. */
const withLive =
  (state: LiveState) =>
  ({ children }: { children: ReactNode }) => (
    <LiveStateContext.Provider value={state}>{children}</LiveStateContext.Provider>
  );

describe('RefreshControl', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('offers the six intervals with 10s selected by default', () => {
    render(<RefreshControl onRefresh={() => {}} />);
    const select = screen.getByLabelText('Auto-refresh interval') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.text)).toEqual([
      'Off',
      '5s',
      '10s',
      '30s',
      '1m',
      '5m',
    ]);
    expect(select.value).toBe('10s');
  });

  it('stores the choice and every list follows it', () => {
    render(<RefreshControl onRefresh={() => {}} />);
    const { result } = renderHook(useRefetchInterval);
    expect(result.current.refetchInterval).toBe(10_000);
    fireEvent.change(screen.getByLabelText('Auto-refresh interval'), { target: { value: '30s' } });
    expect(localStorage.getItem('app-default-refetch-interval')).toBe('30s');
    expect(result.current.refetchInterval).toBe(30_000);
    fireEvent.change(screen.getByLabelText('Auto-refresh interval'), { target: { value: 'off' } });
    expect(result.current.refetchInterval).toBe(false);
  });

  it('does not refresh while frozen', () => {
    localStorage.setItem('app-refetch-interval-frozen', 'true');
    const { result } = renderHook(useRefetchInterval);
    expect(result.current.frozen).toBe(true);
    expect(result.current.refetchInterval).toBe(false);
  });

  it('refreshes on demand', () => {
    const onRefresh = vi.fn();
    render(<RefreshControl onRefresh={onRefresh} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('shows that updates are live, and keeps the interval as the fallback', () => {
    const wrapper = withLive({ status: 'live', coversScreen: true });
    render(<RefreshControl onRefresh={() => {}} />, { wrapper });
    expect(screen.getByRole('status', { name: 'Updates are live' }).textContent).toBe('Live');
    const select = screen.getByLabelText('Auto-refresh interval') as HTMLSelectElement;
    expect(select.title).toBe('Auto-refresh for when updates are not live');
    fireEvent.change(select, { target: { value: '30s' } });
    expect(localStorage.getItem('app-default-refetch-interval')).toBe('30s');
    expect(select.value).toBe('30s');
  });

  it('shows only the interval while the stream connects or does not cover the screen', () => {
    for (const state of [
      { status: 'connecting', coversScreen: true },
      { status: 'offline', coversScreen: true },
      { status: 'live', coversScreen: false },
    ] as const) {
      const { unmount } = render(<RefreshControl onRefresh={() => {}} />, {
        wrapper: withLive(state),
      });
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByLabelText('Auto-refresh interval').title).toBe('');
      unmount();
    }
  });

  it('stops the lists polling while live, and the choice applies again when not', () => {
    localStorage.setItem('app-default-refetch-interval', '5s');
    const live = renderHook(useRefetchInterval, {
      wrapper: withLive({ status: 'live', coversScreen: true }),
    });
    expect(live.result.current).toMatchObject({ live: true, refetchInterval: false });
    const down = renderHook(useRefetchInterval, {
      wrapper: withLive({ status: 'connecting', coversScreen: true }),
    });
    expect(down.result.current).toMatchObject({ live: false, refetchInterval: 5_000 });
  });

  it('is not live while frozen: nothing refreshes on its own', () => {
    localStorage.setItem('app-refetch-interval-frozen', 'true');
    const wrapper = withLive({ status: 'live', coversScreen: true });
    render(<RefreshControl onRefresh={() => {}} />, { wrapper });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Auto-refresh interval').title).toBe('Auto-refresh is paused');
  });
});
