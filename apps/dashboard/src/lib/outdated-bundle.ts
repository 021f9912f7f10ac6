/**
 * After a deploy, an open tab may ask for route chunks that no longer exist. The error
 * screen reloads the page once, marked with `updated=true`; if loading fails again with
 * the marker present it shows "A New App Version is Available!" instead of looping.
 */

export const UPDATED_PARAM = 'updated';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's preload helper
  /failed to load module script/i,
];

/** Is this the error a lazily loaded page module throws when its file cannot be loaded? */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/**
 * The address to reload with the marker, or `undefined` when the marker is already there
 * (the one reload has happened).
 */
export function reloadUrlForUpdate(href: string): string | undefined {
  const url = new URL(href);
  if (url.searchParams.has(UPDATED_PARAM)) return undefined;
  url.searchParams.set(UPDATED_PARAM, 'true');
  return url.toString();
}
