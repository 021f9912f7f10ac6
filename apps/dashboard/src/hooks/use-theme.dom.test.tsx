// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '@/testing/match-media';
import { useApplyTheme, useTheme } from './use-theme';

function useThemeAndApply() {
  useApplyTheme();
  return useTheme();
}

const rootClass = () => document.documentElement.className;

describe('theme on <html>', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(cleanup);

  it('applies dark by default', () => {
    installMatchMedia({ width: 1440, prefersDark: false });
    renderHook(useThemeAndApply);
    expect(rootClass()).toBe('dark');
  });

  it('stores the choice under vite-ui-theme and applies it', () => {
    installMatchMedia({ width: 1440, prefersDark: false });
    const { result } = renderHook(useThemeAndApply);
    act(() => result.current.setTheme('light'));
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    expect(rootClass()).toBe('light');
  });

  it('follows the operating system live in system mode', () => {
    const media = installMatchMedia({ width: 1440, prefersDark: true });
    localStorage.setItem('vite-ui-theme', 'system');
    renderHook(useThemeAndApply);
    expect(rootClass()).toBe('dark');
    act(() => media.setPrefersDark(false));
    expect(rootClass()).toBe('light');
  });

  it('toggles between dark and light', () => {
    installMatchMedia({ width: 1440, prefersDark: false });
    const { result } = renderHook(useThemeAndApply);
    act(() => result.current.toggleTheme());
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    act(() => result.current.toggleTheme());
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    expect(rootClass()).toBe('dark');
  });
});
