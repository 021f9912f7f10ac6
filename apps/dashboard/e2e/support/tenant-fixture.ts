/**
 * What a test file of one screen needs: a browser, an owner with a tenant of their own,
 * optionally a real SDK worker serving e2e/fixtures/sdk-worker.ts's workflows, and signed-in
 * pages that are closed after each test. Registers the file's hooks; read the values inside
 * tests (they are set once beforeAll has run).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { SeededUser } from './api';
import { seedOwner } from './api';
import { launchBrowser, openPage } from './browser';
import type { SdkOptions, SdkProcess } from './sdk';
import { startWorker } from './sdk';

export function useTenantFixture(options: {
  tenantName: string;
  /** Start the SDK worker, with this prefix on its workflow names. */
  workerPrefix?: string;
  /** The fixture the worker runs; `sdk-worker` unless named. */
  workerFixture?: SdkOptions['fixture'];
}) {
  const baseUrl = inject('baseUrl');
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;
  let owner: (SeededUser & { tenant: { metadata: { id: string } } }) | undefined;
  let worker: SdkProcess | undefined;
  let sdk: SdkOptions | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await seedOwner(baseUrl, options.tenantName);
    if (options.workerPrefix) {
      const tenantId = owner.tenant.metadata.id;
      const token = await owner.api.createApiToken(tenantId, `e2e ${options.workerPrefix}`);
      sdk = {
        baseUrl,
        grpcAddress: inject('grpcAddress'),
        token,
        prefix: options.workerPrefix,
        fixture: options.workerFixture,
      };
      worker = await startWorker(sdk);
    }
  });
  afterAll(async () => {
    await worker?.stop();
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  const seeded = () => {
    if (!owner || !browser) throw new Error('the tenant fixture is read before beforeAll ran');
    return { owner, browser };
  };

  return {
    baseUrl,
    get owner() {
      return seeded().owner;
    },
    get tenantId() {
      return seeded().owner.tenant.metadata.id;
    },
    /** How the worker's fixture was started, for one-off runs of it (`runFixture`). */
    get sdk() {
      if (!sdk) throw new Error('the tenant fixture has no worker (no workerPrefix)');
      return sdk;
    },
    /** A page signed in as the owner (or as `user`), on a wide screen. */
    async page(user: SeededUser = seeded().owner): Promise<Page> {
      const { context, page } = await openPage(seeded().browser, baseUrl, {
        session: user.api,
        viewport: { width: 1440, height: 900 },
      });
      contexts.push(context);
      return page;
    },
  };
}
