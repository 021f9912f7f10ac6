/**
 * Timing: each request of a kind sent one after the other over HTTP (a fresh fetch, body read
 * to the end), after a short warm-up; and, in Chromium, the time from navigation to the runs
 * page showing rows of runs.
 */
import { chromium } from 'playwright-core';
import type { RestSession } from '../lib/rest-session';
import { summarize, type LatencySummary } from '../lib/stats';
import type { ApiRequest, Fixtures } from './api-requests';

export interface RequestResult {
  name: string;
  kind: ApiRequest['kind'];
  /** Absent when the server does not have the endpoint (404 on the route itself). */
  latencyMs: LatencySummary | null;
  errors: number;
  errorSample: string | null;
  /** Size of one response body, for scale. */
  bytes: number;
}

export async function measureRequest(
  session: RestSession,
  request: ApiRequest,
  fixtures: Fixtures,
  options: { samples: number; warmup: number },
): Promise<RequestResult> {
  const now = Date.now();
  const unavailable = (reason: string): RequestResult => ({
    name: request.name,
    kind: request.kind,
    latencyMs: null,
    errors: 0,
    errorSample: reason,
    bytes: 0,
  });
  if (request.needs && !request.needs(fixtures)) return unavailable('no fixtures');
  const probe = await session.fetch(request.path(fixtures, 0, now));
  const probeBody = await probe.text();
  if (probe.status === 404 && probeBody.includes('No route ')) {
    return unavailable('no such endpoint');
  }
  for (let i = 0; i < options.warmup; i++)
    await (await session.fetch(request.path(fixtures, i, now))).text();
  const samples: number[] = [];
  let errors = 0;
  let errorSample: string | null = null;
  for (let i = 0; i < options.samples; i++) {
    const path = request.path(fixtures, i, now);
    const started = performance.now();
    const response = await session.fetch(path);
    const body = await response.text();
    samples.push(performance.now() - started);
    if (!response.ok) {
      errors += 1;
      errorSample ??= `${response.status} ${body.slice(0, 200)}`;
    }
  }
  return {
    name: request.name,
    kind: request.kind,
    latencyMs: summarize(samples),
    errors,
    errorSample,
    bytes: probeBody.length,
  };
}

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

export interface FirstRowsResult {
  /** Time from navigation start to a run row on screen, per visit (the first one cold). */
  visitsMs: number[];
  cold: number | null;
  warm: LatencySummary | null;
  error: string | null;
}

/**
 * Opens the runs page `visits` times in one browser context (signed in with the session's
 * cookies) and reads, in the page, performance.now() when the table first shows a row naming
 * one of `rowTexts` (a workflow name): milliseconds since the navigation started.
 */
export async function measureFirstRows(
  session: RestSession,
  rowTexts: readonly string[],
  visits: number,
): Promise<FirstRowsResult> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      [...session.cookies].map(([name, value]) => ({ name, value, url: session.baseUrl })),
    );
    const page = await context.newPage();
    const url = `${session.baseUrl}/tenants/${session.tenantId}/runs`;
    const visitsMs: number[] = [];
    for (let i = 0; i < visits; i++) {
      await page.goto(url, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        (names: string[]) => {
          // Runs in the page (the bench is compiled without the DOM types).
          const page = globalThis as unknown as {
            document: {
              querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
            };
          };
          for (const row of page.document.querySelectorAll('tbody tr, [role="row"]')) {
            const text = row.textContent ?? '';
            if (names.some((name) => text.includes(name))) return performance.now();
          }
          return false;
        },
        [...rowTexts],
        { polling: 'raf', timeout: 30_000 },
      );
      visitsMs.push(Math.round((await handle.jsonValue()) as number));
    }
    return {
      visitsMs,
      cold: visitsMs[0] ?? null,
      warm: visitsMs.length > 1 ? summarize(visitsMs.slice(1)) : null,
      error: null,
    };
  } catch (error) {
    return {
      visitsMs: [],
      cold: null,
      warm: null,
      error: error instanceof Error ? error.message.split('\n')[0]! : String(error),
    };
  } finally {
    await browser.close();
  }
}
