// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { RefreshControl } from './refresh-control';

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
});
