/**
 * The workflows the seed writes history for: names, task graphs and retry settings as a worker
 * would register them, plus how their tasks behave (durations, failure and timeout rates,
 * error texts, log lines, outputs) so that the history reads like a real tenant's.
 */
import type { SeedRandom } from './seed-random';

export interface StepBehaviour {
  readableId: string;
  parents?: string[];
  retries?: number;
  backoffFactor?: number;
  /** Execution timeout as the SDK declares it; the engine's default is 60s. */
  timeout?: string;
  scheduleTimeout?: string;
  /** Median run time of one attempt, and its log-normal spread. */
  medianMs: number;
  sigma?: number;
  /** Share of attempts that fail, and that run into the execution timeout. */
  failRate?: number;
  timeoutRate?: number;
  errors?: string[];
  /** Log lines of an attempt; a line starting with "debug:" is logged at DEBUG, half the time. */
  logs: string[];
  output: (random: SeedRandom) => Record<string, unknown>;
  /** The task spawns child runs of another catalog workflow and waits for them. */
  spawns?: { workflow: string; min: number; max: number };
}

export interface WorkflowBehaviour {
  name: string;
  description: string;
  /** Relative share of top-level runs (0: only ever spawned as a child). */
  share: number;
  /** Definition versions registered over the seeded period (runs use the one current then). */
  versions: number;
  /** Share of runs a user cancels while they are in flight. */
  cancelRate: number;
  /**
   * Share of runs whose input one task cannot handle: it fails on every attempt until its
   * retries run out (bad data, a revoked credential), so the run ends FAILED.
   */
  badInputRate: number;
  steps: StepBehaviour[];
  onFailure?: StepBehaviour;
  input: (random: SeedRandom) => Record<string, unknown>;
  /** The workers serving it have been offline for these last minutes: its tasks wait queued. */
  offlineForLastMinutes?: number;
  /** Event keys that trigger it (the SDK's `onEvents`); see event-catalog.ts. */
  eventTriggers?: string[];
  /**
   * Its declared filters (`defaultFilters`): with filters, an event runs it once per filter of
   * the event's scope whose expression is true. `severity` says which events pass (for the
   * seed: every expression here tests the payload's `severity`).
   */
  filters?: SeedFilter[];
}

export interface SeedFilter {
  scope: string;
  expression: string;
  payload: Record<string, unknown>;
  severity: string;
}

export const id = (random: SeedRandom, prefix: string) => `${prefix}_${random.hex(12)}`;
export const email = (random: SeedRandom) =>
  `${random.pick(['ana', 'li', 'sam', 'noah', 'mia', 'yuki', 'omar', 'eva'])}.${random.hex(4)}@${random.pick(['example.com', 'acme.io', 'globex.net'])}`;

export const WORKFLOW_CATALOG: WorkflowBehaviour[] = [
  {
    name: 'send-email',
    description: 'Renders a template and hands the message to the mail provider',
    share: 18,
    versions: 3,
    cancelRate: 0.015,
    badInputRate: 0.02,
    input: (r) => ({
      to: email(r),
      template: r.pick(['welcome', 'receipt', 'password-reset', 'digest', 'invoice']),
      locale: r.pick(['en', 'en', 'en', 'de', 'fr', 'ja']),
    }),
    eventTriggers: ['order:shipped', 'password:reset-requested', 'invoice:paid'],
    steps: [
      {
        readableId: 'send-email',
        retries: 3,
        backoffFactor: 2,
        medianMs: 420,
        sigma: 0.6,
        failRate: 0.04,
        timeoutRate: 0.002,
        errors: [
          'SMTP 421: service not available, closing transmission channel',
          'Mail provider rate limit exceeded (429)',
          'Recipient address rejected: mailbox unavailable',
        ],
        logs: ['rendering template', 'debug: template cache hit', 'message accepted by provider'],
        output: (r) => ({ messageId: `<${r.hex(16)}@mail.example.com>`, provider: 'postmark' }),
      },
    ],
  },
  {
    name: 'resize-image',
    description: 'Produces the thumbnail and preview sizes of an uploaded image',
    share: 12,
    versions: 2,
    cancelRate: 0.006,
    badInputRate: 0.03,
    input: (r) => ({
      bucket: 'uploads',
      key: `images/${r.hex(8)}.${r.pick(['jpg', 'png', 'webp'])}`,
      sizes: [128, 512, 1024],
    }),
    eventTriggers: ['image:uploaded'],
    steps: [
      {
        readableId: 'resize-image',
        retries: 1,
        medianMs: 1300,
        sigma: 0.5,
        failRate: 0.02,
        errors: [
          'Unsupported image format: HEIC',
          'Input buffer contains unsupported image format',
        ],
        logs: ['downloaded original', 'debug: decoded image', 'uploaded 3 variants'],
        output: (r) => ({ variants: 3, bytes: r.int(40_000, 900_000) }),
      },
    ],
  },
  {
    name: 'sync-crm-contact',
    description: 'Pushes a changed contact to the CRM',
    share: 9,
    versions: 2,
    cancelRate: 0.006,
    badInputRate: 0.02,
    input: (r) => ({ contactId: id(r, 'ct'), fields: ['email', 'plan', 'seats'] }),
    eventTriggers: ['user:signup', 'user:updated'],
    steps: [
      {
        readableId: 'sync-crm-contact',
        retries: 5,
        backoffFactor: 1.5,
        medianMs: 650,
        sigma: 0.7,
        failRate: 0.08,
        timeoutRate: 0.004,
        errors: [
          'CRM API responded 503 Service Unavailable',
          'ECONNRESET: socket hang up',
          'Contact is locked by another update',
        ],
        logs: ['fetched contact', 'debug: diffed 3 fields', 'CRM updated'],
        output: (r) => ({ crmId: `00Q${r.hex(12)}`, changed: r.int(1, 3) }),
      },
    ],
  },
  {
    name: 'charge-invoice',
    description: 'Charges the payment method of an open invoice',
    share: 6,
    versions: 3,
    cancelRate: 0.009,
    badInputRate: 0.05,
    input: (r) => ({
      invoiceId: id(r, 'in'),
      amountCents: r.int(500, 250_000),
      currency: r.pick(['usd', 'usd', 'eur', 'gbp']),
    }),
    eventTriggers: ['invoice:created', 'subscription:renewed'],
    steps: [
      {
        readableId: 'charge-invoice',
        retries: 2,
        backoffFactor: 3,
        medianMs: 900,
        sigma: 0.4,
        failRate: 0.05,
        errors: [
          'Card declined: insufficient_funds',
          'Card declined: expired_card',
          'Payment provider timeout after 30000ms',
        ],
        logs: ['loaded invoice', 'payment intent created', 'charge succeeded'],
        output: (r) => ({ chargeId: id(r, 'ch'), status: 'succeeded' }),
      },
    ],
  },
  {
    name: 'send-webhook',
    description: 'Delivers an event to a customer endpoint',
    share: 10,
    versions: 1,
    cancelRate: 0.003,
    badInputRate: 0.04,
    input: (r) => ({
      endpoint: `https://hooks.${r.pick(['acme.io', 'globex.net', 'initech.com'])}/trellis`,
      event: r.pick(['run.completed', 'invoice.paid', 'user.created']),
    }),
    eventTriggers: ['invoice:paid', 'order:cancelled', 'user:deleted'],
    steps: [
      {
        readableId: 'send-webhook',
        retries: 4,
        backoffFactor: 2,
        medianMs: 260,
        sigma: 0.9,
        failRate: 0.09,
        timeoutRate: 0.003,
        errors: [
          'Endpoint responded 500 Internal Server Error',
          'Endpoint responded 410 Gone',
          'getaddrinfo ENOTFOUND hooks.initech.com',
        ],
        logs: ['signing payload', 'endpoint answered'],
        output: (r) => ({ statusCode: 200, durationMs: r.int(40, 900) }),
      },
    ],
  },
  {
    name: 'compute-embeddings',
    description: 'Embeds a document chunk for search',
    share: 7,
    versions: 2,
    cancelRate: 0.006,
    badInputRate: 0.01,
    input: (r) => ({ documentId: id(r, 'doc'), chunk: r.int(0, 40), model: 'text-embed-3' }),
    eventTriggers: ['document:uploaded', 'document:updated'],
    steps: [
      {
        readableId: 'compute-embeddings',
        retries: 3,
        backoffFactor: 2,
        medianMs: 1800,
        sigma: 0.5,
        failRate: 0.03,
        errors: ['Model endpoint overloaded (529)', 'Input exceeds 8192 tokens'],
        logs: ['tokenized chunk', 'debug: batch of 16', 'stored vector'],
        output: (r) => ({ dimensions: 1536, tokens: r.int(200, 8000) }),
      },
    ],
  },
  {
    name: 'notify-slack',
    description: 'Posts an alert to a Slack channel',
    share: 5,
    versions: 1,
    cancelRate: 0.003,
    badInputRate: 0.01,
    input: (r) => ({ channel: r.pick(['#alerts', '#billing', '#ops']), severity: 'warning' }),
    eventTriggers: ['alert:triggered', 'inventory:low'],
    filters: [
      {
        scope: 'ops',
        expression: 'input.severity == "critical"',
        payload: { channel: '#incidents', mention: '@oncall' },
        severity: 'critical',
      },
      {
        scope: 'ops',
        expression: 'input.severity == "warning"',
        payload: { channel: '#alerts' },
        severity: 'warning',
      },
    ],
    steps: [
      {
        readableId: 'notify-slack',
        retries: 2,
        medianMs: 300,
        sigma: 0.5,
        failRate: 0.01,
        errors: ['Slack API error: channel_not_found', 'Slack API error: ratelimited'],
        logs: ['posting message'],
        output: (r) => ({ ts: `${Math.floor(r.next() * 1e9)}.${r.int(100000, 999999)}` }),
      },
    ],
  },
  {
    name: 'scrape-page',
    description: 'Fetches and parses a page for the crawler',
    share: 6,
    versions: 2,
    cancelRate: 0.012,
    badInputRate: 0.06,
    input: (r) => ({
      url: `https://www.${r.pick(['example.org', 'news.example', 'shop.example'])}/${r.hex(6)}`,
    }),
    eventTriggers: ['page:crawl-requested'],
    steps: [
      {
        readableId: 'scrape-page',
        retries: 2,
        timeout: '30s',
        medianMs: 2400,
        sigma: 0.8,
        failRate: 0.07,
        timeoutRate: 0.01,
        errors: [
          'HTTP 403 Forbidden',
          'navigation timeout of 20000 ms exceeded',
          'robots.txt disallows path',
        ],
        logs: ['fetching page', 'debug: 87 links found', 'parsed article'],
        output: (r) => ({ links: r.int(5, 200), words: r.int(100, 5000) }),
      },
    ],
  },
  {
    name: 'cleanup-temp-files',
    description: 'Removes expired temporary uploads',
    share: 2,
    versions: 1,
    cancelRate: 0,
    badInputRate: 0.01,
    input: (r) => ({ olderThanHours: r.pick([6, 12, 24]) }),
    steps: [
      {
        readableId: 'cleanup-temp-files',
        medianMs: 5200,
        sigma: 0.6,
        failRate: 0.005,
        errors: ['Access Denied deleting uploads/tmp'],
        logs: ['listing temporary files', 'deleted expired files'],
        output: (r) => ({ deleted: r.int(0, 4000) }),
      },
    ],
  },
  {
    name: 'generate-report',
    description: 'Builds the monthly usage report of an account (long running)',
    share: 1,
    versions: 2,
    cancelRate: 0.06,
    badInputRate: 0.03,
    input: (r) => ({ accountId: id(r, 'acct'), month: r.pick(['2026-08', '2026-09', '2026-10']) }),
    steps: [
      {
        readableId: 'generate-report',
        timeout: '30m',
        medianMs: 6 * 60_000,
        sigma: 0.5,
        failRate: 0.03,
        errors: ['Query canceled: statement timeout', 'Out of memory while rendering PDF'],
        logs: ['collecting usage', 'debug: 12 queries', 'rendering PDF', 'uploaded report'],
        output: (r) => ({
          pages: r.int(3, 40),
          url: `https://reports.example.com/${r.hex(10)}.pdf`,
        }),
      },
    ],
  },
  {
    name: 'refresh-oauth-token',
    description: 'Refreshes an integration token before it expires',
    share: 4,
    versions: 1,
    cancelRate: 0,
    badInputRate: 0.02,
    offlineForLastMinutes: 25,
    input: (r) => ({
      integrationId: id(r, 'int'),
      provider: r.pick(['github', 'google', 'slack']),
    }),
    eventTriggers: ['integration:token-expiring'],
    steps: [
      {
        readableId: 'refresh-oauth-token',
        retries: 1,
        scheduleTimeout: '1h',
        medianMs: 350,
        sigma: 0.4,
        failRate: 0.02,
        errors: ['invalid_grant: refresh token revoked'],
        logs: ['token refreshed'],
        output: (r) => ({ expiresIn: r.pick([3600, 7200]) }),
      },
    ],
  },
  {
    name: 'index-document',
    description: 'Indexes one document for full-text search',
    share: 1,
    versions: 1,
    cancelRate: 0,
    badInputRate: 0.02,
    input: (r) => ({
      documentId: id(r, 'doc'),
      collection: r.pick(['kb', 'tickets', 'contracts']),
    }),
    eventTriggers: ['document:uploaded'],
    steps: [
      {
        readableId: 'index-document',
        retries: 2,
        medianMs: 700,
        sigma: 0.5,
        failRate: 0.02,
        errors: ['Document too large to index (> 10 MB)', 'Search cluster rejected bulk request'],
        logs: ['extracting text', 'indexed'],
        output: (r) => ({ terms: r.int(50, 20_000) }),
      },
    ],
  },
  {
    name: 'reindex-collection',
    description: 'Re-indexes a collection by spawning one child run per document',
    share: 0.6,
    versions: 1,
    cancelRate: 0,
    badInputRate: 0,
    input: (r) => ({ collection: r.pick(['kb', 'tickets', 'contracts']), reason: 'schema change' }),
    steps: [
      {
        readableId: 'reindex-collection',
        timeout: '30m',
        medianMs: 200,
        logs: ['listing documents', 'waiting for child runs'],
        output: (r) => ({ documents: r.int(5, 20) }),
        spawns: { workflow: 'index-document', min: 5, max: 20 },
      },
    ],
  },
  {
    name: 'order-fulfillment',
    description: 'Validates an order, reserves stock and charges in parallel, then ships',
    share: 6,
    versions: 3,
    cancelRate: 0.03,
    badInputRate: 0.03,
    input: (r) => ({
      orderId: id(r, 'ord'),
      items: r.int(1, 6),
      totalCents: r.int(1_000, 90_000),
      express: r.chance(0.2),
    }),
    eventTriggers: ['order:created'],
    steps: [
      {
        readableId: 'validate-order',
        medianMs: 120,
        failRate: 0.01,
        errors: ['Order has no shipping address', 'Unknown SKU in order'],
        logs: ['validating order'],
        output: () => ({ valid: true }),
      },
      {
        readableId: 'reserve-stock',
        parents: ['validate-order'],
        retries: 2,
        medianMs: 380,
        failRate: 0.02,
        errors: ['Insufficient stock for SKU'],
        logs: ['reserving stock', 'debug: 2 warehouses'],
        output: (r) => ({ warehouse: r.pick(['ams-1', 'fra-2', 'iad-1']) }),
      },
      {
        readableId: 'charge-payment',
        parents: ['validate-order'],
        retries: 2,
        backoffFactor: 2,
        medianMs: 900,
        failRate: 0.03,
        errors: ['Card declined: do_not_honor', 'Payment provider timeout after 30000ms'],
        logs: ['charging card', 'charge captured'],
        output: (r) => ({ chargeId: id(r, 'ch') }),
      },
      {
        readableId: 'ship-order',
        parents: ['charge-payment', 'reserve-stock'],
        retries: 3,
        backoffFactor: 2,
        medianMs: 2100,
        failRate: 0.02,
        errors: ['Carrier API unavailable'],
        logs: ['creating shipment', 'label printed'],
        output: (r) => ({ trackingNumber: `1Z${r.hex(16).toUpperCase()}` }),
      },
      {
        readableId: 'notify-customer',
        parents: ['ship-order'],
        retries: 2,
        medianMs: 400,
        failRate: 0.005,
        errors: ['SMTP 421: service not available'],
        logs: ['sending shipping confirmation'],
        output: () => ({ notified: true }),
      },
    ],
  },
  {
    name: 'etl-nightly',
    description: 'Extracts, transforms and loads a partner export',
    share: 3,
    versions: 2,
    cancelRate: 0.03,
    badInputRate: 0.04,
    input: (r) => ({
      partner: r.pick(['acme', 'globex', 'initech', 'umbrella']),
      date: '2026-10-01',
    }),
    steps: [
      {
        readableId: 'extract',
        retries: 2,
        backoffFactor: 2,
        timeout: '5m',
        medianMs: 9000,
        sigma: 0.6,
        failRate: 0.03,
        timeoutRate: 0.005,
        errors: ['SFTP login failed', 'Export file not found for date'],
        logs: ['connecting to SFTP', 'downloaded export', 'debug: 18 MB'],
        output: (r) => ({ rows: r.int(1_000, 400_000) }),
      },
      {
        readableId: 'transform',
        parents: ['extract'],
        timeout: '5m',
        medianMs: 14_000,
        sigma: 0.5,
        failRate: 0.02,
        errors: ['Row 1812: invalid date "2026-13-01"', 'Schema mismatch: column "amount" missing'],
        logs: ['validating rows', 'debug: 3 rows dropped', 'transformed'],
        output: (r) => ({ rows: r.int(1_000, 400_000), dropped: r.int(0, 20) }),
      },
      {
        readableId: 'load',
        parents: ['transform'],
        retries: 1,
        timeout: '5m',
        medianMs: 11_000,
        sigma: 0.5,
        failRate: 0.01,
        errors: ['deadlock detected while loading batch'],
        logs: ['loading into warehouse', 'load committed'],
        output: (r) => ({ loaded: r.int(1_000, 400_000) }),
      },
    ],
    onFailure: {
      readableId: 'on-failure',
      medianMs: 300,
      logs: ['notifying data team'],
      output: () => ({ paged: true }),
    },
  },
  {
    name: 'user-onboarding',
    description: 'Sets up a new account: workspace, welcome email and CRM record',
    share: 4,
    versions: 2,
    cancelRate: 0.012,
    badInputRate: 0.02,
    input: (r) => ({ userId: id(r, 'usr'), plan: r.pick(['free', 'free', 'team', 'business']) }),
    eventTriggers: ['user:signup'],
    steps: [
      {
        readableId: 'create-workspace',
        retries: 1,
        medianMs: 800,
        failRate: 0.01,
        errors: ['Workspace slug already taken'],
        logs: ['creating workspace'],
        output: (r) => ({ workspaceId: id(r, 'ws') }),
      },
      {
        readableId: 'send-welcome-email',
        parents: ['create-workspace'],
        retries: 3,
        backoffFactor: 2,
        medianMs: 450,
        failRate: 0.02,
        errors: ['Mail provider rate limit exceeded (429)'],
        logs: ['sending welcome email'],
        output: (r) => ({ messageId: `<${r.hex(16)}@mail.example.com>` }),
      },
      {
        readableId: 'create-crm-record',
        parents: ['create-workspace'],
        retries: 3,
        medianMs: 700,
        failRate: 0.03,
        errors: ['CRM API responded 503 Service Unavailable'],
        logs: ['creating CRM lead'],
        output: (r) => ({ crmId: `00Q${r.hex(12)}` }),
      },
    ],
  },
  {
    name: 'video-transcode',
    description: 'Probes a video, transcodes it to two renditions and publishes it',
    share: 2,
    versions: 2,
    cancelRate: 0.06,
    badInputRate: 0.03,
    input: (r) => ({ videoId: id(r, 'vid'), durationSeconds: r.int(10, 1800) }),
    eventTriggers: ['video:uploaded'],
    steps: [
      {
        readableId: 'probe',
        medianMs: 600,
        failRate: 0.01,
        errors: ['moov atom not found'],
        logs: ['probing container', 'debug: h264 1920x1080'],
        output: () => ({ codec: 'h264', width: 1920, height: 1080 }),
      },
      {
        readableId: 'transcode-720p',
        parents: ['probe'],
        retries: 1,
        timeout: '15m',
        medianMs: 45_000,
        sigma: 0.7,
        failRate: 0.02,
        timeoutRate: 0.005,
        errors: ['ffmpeg exited with code 1'],
        logs: ['transcoding 720p', 'debug: 2 passes', 'uploaded rendition'],
        output: (r) => ({ bytes: r.int(5_000_000, 400_000_000) }),
      },
      {
        readableId: 'transcode-1080p',
        parents: ['probe'],
        retries: 1,
        timeout: '15m',
        medianMs: 80_000,
        sigma: 0.7,
        failRate: 0.02,
        timeoutRate: 0.01,
        errors: ['ffmpeg exited with code 1', 'GPU worker lost'],
        logs: ['transcoding 1080p', 'debug: 2 passes', 'uploaded rendition'],
        output: (r) => ({ bytes: r.int(10_000_000, 900_000_000) }),
      },
      {
        readableId: 'publish',
        parents: ['transcode-1080p', 'transcode-720p'],
        medianMs: 350,
        failRate: 0.005,
        errors: ['CDN purge failed'],
        logs: ['publishing video'],
        output: (r) => ({ url: `https://cdn.example.com/v/${r.hex(10)}` }),
      },
    ],
  },
  {
    name: 'fraud-check',
    description: 'Scores a payment for fraud and holds it when risky',
    share: 4,
    versions: 2,
    cancelRate: 0.003,
    badInputRate: 0.01,
    input: (r) => ({ paymentId: id(r, 'pay'), amountCents: r.int(100, 500_000) }),
    eventTriggers: ['order:created'],
    steps: [
      {
        readableId: 'score',
        retries: 2,
        medianMs: 220,
        failRate: 0.01,
        errors: ['Risk model unavailable'],
        logs: ['scoring payment'],
        output: (r) => ({ score: Math.round(r.next() * 100) / 100 }),
      },
      {
        readableId: 'decide',
        parents: ['score'],
        medianMs: 40,
        failRate: 0.002,
        errors: ['Rules engine returned no decision'],
        logs: ['applying rules'],
        output: (r) => ({ decision: r.chance(0.97) ? 'approve' : 'hold' }),
      },
    ],
  },
];

/** Additional metadata keys and how many distinct values each takes. */
export function additionalMetadata(random: SeedRandom): Record<string, string> {
  const metadata: Record<string, string> = {
    customer_id: `cus_${String(random.skewedIndex(5000)).padStart(5, '0')}`,
    env: random.pick(['production', 'production', 'production', 'staging']),
  };
  if (random.chance(0.7))
    metadata.region = random.pick([
      'us-east-1',
      'us-west-2',
      'eu-west-1',
      'eu-central-1',
      'ap-southeast-2',
    ]);
  if (random.chance(0.5)) metadata.source = random.pick(['api', 'cron', 'webhook', 'backfill']);
  if (random.chance(0.1)) metadata.trace_id = random.hex(32);
  return metadata;
}
