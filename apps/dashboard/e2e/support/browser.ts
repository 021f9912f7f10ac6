/**
 * Debian's Chromium driven by playwright-core. Each test file launches its own browser
 * (Playwright gives every launch a new, empty profile folder) and each test opens its own
 * context, so cookies and localStorage never leak between tests.
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ApiSession } from './api';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions & { session?: ApiSession } = {},
): Promise<BrowserContext> {
  const { session, ...contextOptions } = options;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    ...contextOptions,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (session) await context.addCookies(session.cookies());
  return context;
}

/** A page in a new context; signed in as `session` when one is given. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions & { session?: ApiSession } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, baseUrl, options);
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the page's path (and query, when given) matches. */
export async function waitForPath(page: Page, expected: string | RegExp, timeout = 15_000) {
  await page.waitForURL(
    (url) => {
      const current = `${url.pathname}${url.search}`;
      return typeof expected === 'string' ? current === expected : expected.test(current);
    },
    { timeout },
  );
}

export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
