/**
 * Theme preference: light, dark or system, kept under `vite-ui-theme` (default dark). The
 * effective theme is a `light` or `dark` class on <html>; "system" follows the operating
 * system's `prefers-color-scheme` live. public/theme-init.js applies the same rule before
 * the bundle loads.
 */
import { useCallback, useEffect } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { useMediaQuery } from './use-media-query';
import { useStoredValue } from './use-stored-value';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const DEFAULT_THEME: Theme = 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(raw: string | null | undefined): Theme {
  return raw === 'light' || raw === 'dark' || raw === 'system' ? raw : DEFAULT_THEME;
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Toggle flips between dark and light, starting from what is on screen. */
export function toggledTheme(resolved: ResolvedTheme): Theme {
  return resolved === 'dark' ? 'light' : 'dark';
}

export function applyThemeClass(root: HTMLElement, resolved: ResolvedTheme): void {
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

export function useTheme() {
  const [raw, setRaw] = useStoredValue(STORAGE_KEYS.theme);
  const systemPrefersDark = useMediaQuery(DARK_QUERY, true);
  const theme = parseTheme(raw);
  const resolvedTheme = resolveTheme(theme, systemPrefersDark);
  const setTheme = useCallback((next: Theme) => setRaw(next), [setRaw]);
  const toggleTheme = useCallback(
    () => setRaw(toggledTheme(resolvedTheme)),
    [setRaw, resolvedTheme],
  );
  return { theme, resolvedTheme, setTheme, toggleTheme };
}

/** Keeps the class on <html> in step with the preference. Mount once, near the root. */
export function useApplyTheme(): void {
  const { resolvedTheme } = useTheme();
  useEffect(() => {
    applyThemeClass(document.documentElement, resolvedTheme);
  }, [resolvedTheme]);
}
