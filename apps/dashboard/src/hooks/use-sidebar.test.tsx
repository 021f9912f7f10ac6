// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '@/testing/match-media';
import { SidebarProvider, useSidebar } from './use-sidebar';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SidebarProvider>{children}</SidebarProvider>
);

describe('sidebar', () => {
  afterEach(cleanup);

  it('starts open on wide screens and closed below 768 px', () => {
    installMatchMedia({ width: 1440, prefersDark: true });
    expect(renderHook(useSidebar, { wrapper }).result.current.open).toBe(true);
    cleanup();
    installMatchMedia({ width: 767, prefersDark: true });
    const narrow = renderHook(useSidebar, { wrapper }).result.current;
    expect(narrow.open).toBe(false);
    expect(narrow.isNarrow).toBe(true);
  });

  it('is forced closed when the screen narrows and keeps the wide state', () => {
    const media = installMatchMedia({ width: 1024, prefersDark: true });
    const { result } = renderHook(useSidebar, { wrapper });
    act(() => media.setWidth(700));
    expect(result.current.open).toBe(false);
    act(() => result.current.toggle()); // opened as an overlay
    expect(result.current.open).toBe(true);
    act(() => result.current.closeIfNarrow()); // a navigation closes it
    expect(result.current.open).toBe(false);
    act(() => media.setWidth(768));
    expect(result.current.open).toBe(true); // the wide state was open

    act(() => result.current.toggle()); // the user closes it on a wide screen
    act(() => media.setWidth(500));
    act(() => media.setWidth(1200));
    expect(result.current.open).toBe(false); // and it stays closed
  });
});
