/**
 * Open dashboards, in Chromium: each page shows a tenant's runs list, signed in as the bench's
 * user, following the live stream. In each page a MutationObserver notes when each run's row
 * first shows it succeeded, in the page's own clock (the machine's), so "committed → visible"
 * is measured where a user would see it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import type { RestSession } from '../lib/rest-session';

export interface PageObservations {
  /** Run id → when the page first showed the run succeeded (epoch ms). */
  succeeded: Map<string, number>;
  /** The page's runs-list requests: when each started and its response ended (epoch ms). */
  listRequests: { start: number; end: number }[];
}

export interface Dashboards {
  observe(): Promise<PageObservations[]>;
  close(): Promise<void>;
}

/**
 * Runs in each page before its own scripts: after every change to the page, notes the runs
 * whose row newly says Succeeded (run id → epoch ms, in `window.__succeededSeen`), and keeps
 * the timing of each runs-list request (`window.__listRequests`), so the latency splits into
 * waiting, fetching and rendering. A string, as it runs in the browser and this package is
 * typed for Node.
 */
const WATCH_SUCCEEDED_ROWS = `
  window.__succeededSeen = {};
  window.__listRequests = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.name.includes('/workflow-runs?') || /limit=1(&|$)/.test(entry.name)) continue;
      window.__listRequests.push({
        start: performance.timeOrigin + entry.startTime,
        end: performance.timeOrigin + entry.responseEnd,
      });
    }
  }).observe({ type: 'resource', buffered: true });
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
    async observe() {
      const observed: PageObservations[] = [];
      for (const page of pages) {
        const seen = (await page.evaluate('window.__succeededSeen')) as Record<string, number>;
        const listRequests = (await page.evaluate(
          'window.__listRequests',
        )) as PageObservations['listRequests'];
        observed.push({ succeeded: new Map(Object.entries(seen)), listRequests });
      }
      return observed;
    },
    close: () => browser.close(),
  };
}
