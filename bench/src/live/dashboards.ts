/**
 * Open dashboards, in Chromium: each page shows a tenant's runs list, signed in as the bench's
 * user, following the live stream. In each page a MutationObserver notes when each run's row
 * first shows it succeeded, in the page's own clock (the machine's), so "committed → visible"
 * is measured where a user would see it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import type { RestSession } from '../lib/rest-session';

export interface Dashboards {
  /** For each page: run id → when it first showed the run succeeded (epoch ms). */
  seen(): Promise<Map<string, number>[]>;
  close(): Promise<void>;
}

/**
 * Runs in each page before its own scripts: after every change to the page, notes the runs
 * whose row newly says Succeeded (run id → epoch ms, in `window.__succeededSeen`). A string,
 * as it runs in the browser and this package is typed for Node.
 */
const WATCH_SUCCEEDED_ROWS = `
  window.__succeededSeen = {};
  new MutationObserver(() => {
    const now = Date.now();
    for (const row of document.querySelectorAll('tr[data-run-row]')) {
      const id = row.getAttribute('data-run-row');
      if (id && !(id in window.__succeededSeen) && row.textContent.includes('Succeeded')) {
        window.__succeededSeen[id] = now;
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

export async function openDashboards(session: RestSession, count: number): Promise<Dashboards> {
  const browser: Browser = await launchChromium();
  const pages: Page[] = [];
  // A context each, as each user has a browser of their own: Chromium allows six connections
  // per host in one context, and every dashboard holds one open for its live stream.
  for (let i = 0; i < count; i++) {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
    });
    await context.addCookies(
      [...session.cookies].map(([name, value]) => ({ name, value, url: session.baseUrl })),
    );
    await context.addInitScript({ content: WATCH_SUCCEEDED_ROWS });
    const page = await context.newPage();
    await page.goto(`${session.baseUrl}/tenants/${session.tenantId}/runs`);
    // The refresh control says Live once the page follows the stream.
    await page.getByRole('status', { name: 'Updates are live' }).waitFor({ timeout: 60_000 });
    pages.push(page);
  }
  return {
    async seen() {
      const maps: Map<string, number>[] = [];
      for (const page of pages) {
        const seen = (await page.evaluate('window.__succeededSeen')) as Record<string, number>;
        maps.push(new Map(Object.entries(seen)));
      }
      return maps;
    },
    close: () => browser.close(),
  };
}
