/**
 * Measures the JavaScript the dashboard's first screens load, as a browser loads them: the
 * sign-in page, and the runs page of a signed-in user. Starts the real server on the embedded
 * database with the built dashboard, drives Debian's Chromium, sums the gzip size of every
 * script the page fetched, and writes bench/results/dashboard-size.{json,md}.
 *
 * Run: npm run build -w @trellis/dashboard && npm run bench:dashboard -w @trellis/bench
 * (TRELLIS_DASHBOARD_DIR measures another build, e.g. one made with `vite build --outDir`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import { freePorts } from '../lib/child';

/** The first-screen budgets of the dashboard issue, in KB of gzip JavaScript. */
const SIGN_IN_BUDGET_KB = 150;
const RUNS_BUDGET_KB = 200;
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const RESULTS = join(REPOSITORY, 'bench/results');

async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'trellis-size-'));
  const [httpPort, grpcPort] = await freePorts(2);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPOSITORY,
    env: {
      PATH: process.env.PATH ?? '',
      TRELLIS_DATA_DIR: dataDir,
      TRELLIS_HTTP_HOST: '127.0.0.1',
      TRELLIS_HTTP_PORT: String(httpPort),
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_DEMO: '0',
      TRELLIS_LOG_LEVEL: 'warn',
      ...(process.env.TRELLIS_DASHBOARD_DIR
        ? { TRELLIS_DASHBOARD_DIR: process.env.TRELLIS_DASHBOARD_DIR }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user with a tenant; returns the session cookies and the tenant id. */
async function signedInUser(baseUrl: string) {
  const register = await fetch(`${baseUrl}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Size', email: 'size@example.com', password: 'Size-passw0rd' }),
  });
  const cookies = Object.fromEntries(
    register.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!.split('=') as [string, string]),
  );
  const tenant = await fetch(`${baseUrl}/api/v1/tenants`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'x-xsrf-token': cookies['XSRF-TOKEN']!,
    },
    body: JSON.stringify({ name: 'Size', slug: 'size' }),
  });
  const { metadata } = (await tenant.json()) as { metadata: { id: string } };
  return { cookies, tenantId: metadata.id };
}

interface PageSize {
  page: string;
  scripts: { url: string; gzipBytes: number }[];
  totalGzipKb: number;
  budgetKb: number;
  withinBudget: boolean;
}

/** Loads `path` and sums the gzip size of each script it fetched. */
async function measure(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  waitFor: string,
  budgetKb: number,
): Promise<PageSize> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.getByText(waitFor, { exact: false }).first().waitFor({ timeout: 30_000 });
  // Chunks the rendered screen imports on its own (a lazy part below the fold) are still
  // first-screen JavaScript: let them arrive before counting.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await page.close();
  const list = [...scripts]
    .map(([url, gzipBytes]) => ({ url, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipKb = Math.round((list.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024) * 10) / 10;
  return {
    page: path,
    scripts: list,
    totalGzipKb,
    budgetKb,
    withinBudget: totalGzipKb <= budgetKb,
  };
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const { cookies, tenantId } = await signedInUser(server.baseUrl);
    const anonymous = await browser.newContext();
    const signIn = await measure(
      anonymous,
      server.baseUrl,
      '/auth/login',
      'Sign in',
      SIGN_IN_BUDGET_KB,
    );
    const signedIn = await browser.newContext();
    await signedIn.addCookies(
      Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.baseUrl })),
    );
    const runs = await measure(
      signedIn,
      server.baseUrl,
      `/tenants/${tenantId}/runs`,
      'Runs',
      RUNS_BUDGET_KB,
    );
    const results = { measuredAt: new Date().toISOString(), pages: [signIn, runs] };
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'dashboard-size.json'), `${JSON.stringify(results, null, 2)}\n`);
    const lines = [
      '# Dashboard first-screen JavaScript (gzip)',
      '',
      `Measured ${results.measuredAt} in Chromium against the real server.`,
      '',
      '| page | scripts | gzip KB | budget KB | within budget |',
      '|---|---|---|---|---|',
      ...results.pages.map(
        (p) =>
          `| ${p.page.replace(tenantId, '{tenant}')} | ${p.scripts.length} | ${p.totalGzipKb} | ${p.budgetKb} | ${p.withinBudget ? 'yes' : 'NO'} |`,
      ),
      '',
      ...results.pages.flatMap((p) => [
        `## ${p.page.replace(tenantId, '{tenant}')}`,
        '',
        '| script | gzip KB |',
        '|---|---|',
        ...p.scripts.map((s) => `| ${s.url} | ${(s.gzipBytes / 1024).toFixed(1)} |`),
        '',
      ]),
    ];
    await writeFile(join(RESULTS, 'dashboard-size.md'), lines.join('\n'));
    console.log(lines.join('\n'));
    if (!results.pages.every((p) => p.withinBudget)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
