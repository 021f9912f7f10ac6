/**
 * The events the seed writes: the keys a tenant's applications push (and webhooks turn into
 * events), with payloads of realistic shape and size (from 50 bytes to about 3 KB, 300 on
 * average), scopes and webhook sources. Which workflows a key triggers is the workflow catalog's
 * `eventTriggers`; keys no workflow listens to are pushed all the same (audit trails,
 * analytics), as in a real tenant.
 */
import type { SeedRandom } from './seed-random';
import { email, id } from './workflow-catalog';

export interface EventKeyBehaviour {
  key: string;
  /**
   * How common the key is: among the keys of one workflow, how often it is the one that
   * triggered a run; among events that trigger nothing, its share of them.
   */
  weight: number;
  /** `severity`: for alert keys, the payload's severity (null: sent without one). */
  payload: (random: SeedRandom, severity?: string | null) => Record<string, unknown>;
  /** The scope it is pushed with, if any (customer-scoped events, the ops scope of alerts). */
  scope?: (random: SeedRandom, metadata: Record<string, string>) => string | null;
  /** Share of its events that arrive through this incoming webhook. */
  webhook?: { name: string; share: number };
}

/**
 * What the engine's CEL reports for a filter reading a payload field the event lacks (checked
 * against the engine by the seed's tests).
 */
export const missingFieldFailure = (field: string) => `field not found: ${field}`;

const iso = (random: SeedRandom) =>
  new Date(Date.UTC(2026, random.int(0, 9), random.int(1, 28))).toISOString();
const customerScope = (share: number) => (r: SeedRandom, metadata: Record<string, string>) =>
  r.chance(share) ? (metadata.customer_id ?? null) : null;
const money = (r: SeedRandom, min: number, max: number) => ({
  amount_cents: r.int(min, max),
  currency: r.pick(['usd', 'usd', 'usd', 'eur', 'gbp', 'jpy']),
});
const address = (r: SeedRandom) => ({
  line1: `${r.int(1, 9999)} ${r.pick(['Main St', 'Market St', 'Elm Ave', 'Harbour Rd', 'Kingsway'])}`,
  city: r.pick(['Springfield', 'Berlin', 'Lyon', 'Osaka', 'Toronto', 'Austin', 'Leeds']),
  postal_code: String(r.int(10000, 99999)),
  country: r.pick(['US', 'US', 'DE', 'FR', 'JP', 'CA', 'GB']),
});
const lineItems = (r: SeedRandom) =>
  Array.from({ length: r.int(1, 5) }, () => ({
    sku: `SKU-${r.hex(6).toUpperCase()}`,
    name: r.pick(['Desk lamp', 'USB-C cable', 'Notebook', 'Headphones', 'Mug', 'Backpack']),
    quantity: r.int(1, 4),
    unit_price_cents: r.int(299, 24_999),
  }));
const user = (r: SeedRandom) => ({
  user_id: id(r, 'usr'),
  email: email(r),
  name: r.pick(['Ana Souza', 'Li Wei', 'Sam Carter', 'Noah Berg', 'Mia Rossi', 'Yuki Sato']),
});
const alert = (r: SeedRandom, severity: string | null | undefined, source: string) => ({
  alert_id: id(r, 'alr'),
  ...(severity ? { severity } : { level: r.pick(['high', 'low']) }),
  source,
  summary: r.pick([
    'p95 latency above 800 ms for 5 minutes',
    'error rate above 2% on checkout-api',
    'disk usage above 90% on db-replica-2',
    'queue depth above 10,000 on ingest',
    'certificate expires in 7 days',
  ]),
  runbook_url: `https://runbooks.example.com/${r.hex(6)}`,
  started_at: iso(r),
  labels: { team: r.pick(['platform', 'payments', 'growth']), env: 'production' },
});

export const EVENT_CATALOG: EventKeyBehaviour[] = [
  {
    key: 'order:created',
    weight: 10,
    scope: customerScope(0.3),
    payload: (r) => ({
      order_id: id(r, 'ord'),
      customer: user(r),
      items: lineItems(r),
      ...money(r, 500, 250_000),
      shipping_address: address(r),
      express: r.chance(0.15),
      channel: r.pick(['web', 'web', 'ios', 'android', 'pos']),
    }),
  },
  {
    key: 'order:shipped',
    weight: 6,
    scope: customerScope(0.3),
    payload: (r) => ({
      order_id: id(r, 'ord'),
      carrier: r.pick(['ups', 'dhl', 'fedex', 'usps']),
      tracking_number: r.hex(18).toUpperCase(),
      shipped_at: iso(r),
      to: email(r),
      shipping_address: address(r),
    }),
  },
  {
    key: 'order:cancelled',
    weight: 2,
    scope: customerScope(0.3),
    payload: (r) => ({
      order_id: id(r, 'ord'),
      reason: r.pick(['customer_request', 'payment_failed', 'out_of_stock', 'fraud_suspected']),
      refund: money(r, 500, 250_000),
      cancelled_by: r.pick(['customer', 'support', 'system']),
    }),
  },
  {
    key: 'user:signup',
    weight: 6,
    payload: (r) => ({
      ...user(r),
      plan: r.pick(['free', 'free', 'free', 'team', 'business']),
      referrer: r.pick(['google', 'newsletter', 'producthunt', 'direct', 'partner']),
      utm: { source: r.pick(['google', 'twitter', 'linkedin']), campaign: `spring-${r.int(1, 9)}` },
      locale: r.pick(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP']),
      accepted_terms_version: '2026-03',
    }),
  },
  {
    key: 'user:updated',
    weight: 8,
    payload: (r) => ({
      user_id: id(r, 'usr'),
      changed: r.pick([['email'], ['plan', 'seats'], ['name'], ['phone', 'address']]),
      previous: { plan: r.pick(['free', 'team']), seats: r.int(1, 20) },
      current: { plan: r.pick(['team', 'business']), seats: r.int(1, 200), email: email(r) },
      updated_by: r.pick(['self', 'admin', 'scim']),
    }),
  },
  {
    key: 'user:deleted',
    weight: 1,
    payload: (r) => ({ user_id: id(r, 'usr'), reason: r.pick(['gdpr_request', 'inactive']) }),
  },
  {
    key: 'password:reset-requested',
    weight: 3,
    payload: (r) => ({
      user_id: id(r, 'usr'),
      email: email(r),
      ip: `203.0.113.${r.int(1, 254)}`,
      user_agent: r.pick([
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148',
      ]),
      expires_in_seconds: 3600,
    }),
  },
  {
    key: 'invoice:created',
    weight: 5,
    scope: customerScope(0.4),
    payload: (r) => ({
      invoice_id: id(r, 'in'),
      customer_id: id(r, 'cus'),
      ...money(r, 900, 900_000),
      lines: lineItems(r),
      due_date: iso(r),
      collection_method: r.pick(['charge_automatically', 'send_invoice']),
    }),
  },
  {
    key: 'invoice:paid',
    weight: 5,
    scope: customerScope(0.4),
    webhook: { name: 'stripe', share: 0.8 },
    payload: (r) => ({
      id: `evt_${r.hex(24)}`,
      type: 'invoice.paid',
      data: {
        object: {
          id: id(r, 'in'),
          customer: id(r, 'cus'),
          amount_paid: r.int(900, 900_000),
          currency: 'usd',
          hosted_invoice_url: `https://invoice.stripe.com/i/acct_${r.hex(16)}`,
          status: 'paid',
        },
      },
      livemode: true,
    }),
  },
  {
    key: 'subscription:renewed',
    weight: 3,
    webhook: { name: 'stripe', share: 0.9 },
    payload: (r) => ({
      id: `evt_${r.hex(24)}`,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: id(r, 'sub'),
          customer: id(r, 'cus'),
          plan: { id: r.pick(['team-monthly', 'business-yearly']), interval: 'month' },
          current_period_end: iso(r),
          quantity: r.int(1, 120),
        },
      },
    }),
  },
  {
    key: 'image:uploaded',
    weight: 10,
    scope: customerScope(0.2),
    payload: (r) => ({
      bucket: 'uploads',
      key: `images/${r.hex(8)}.${r.pick(['jpg', 'png', 'webp', 'heic'])}`,
      content_type: r.pick(['image/jpeg', 'image/png', 'image/webp']),
      bytes: r.int(40_000, 12_000_000),
      width: r.pick([1024, 2048, 3024, 4032]),
      height: r.pick([768, 1536, 3024, 3024]),
      uploaded_by: id(r, 'usr'),
      sizes: [128, 512, 1024],
    }),
  },
  {
    key: 'video:uploaded',
    weight: 2,
    payload: (r) => ({
      video_id: id(r, 'vid'),
      bucket: 'uploads',
      key: `videos/${r.hex(10)}.mp4`,
      bytes: r.int(2_000_000, 2_000_000_000),
      duration_seconds: r.int(10, 1800),
      uploaded_by: id(r, 'usr'),
    }),
  },
  {
    key: 'document:uploaded',
    weight: 5,
    scope: customerScope(0.3),
    payload: (r) => ({
      document_id: id(r, 'doc'),
      collection: r.pick(['kb', 'tickets', 'contracts']),
      title: r.pick(['Onboarding guide', 'Refund policy', 'MSA 2026', 'Incident 4411 report']),
      mime_type: r.pick(['application/pdf', 'text/markdown', 'text/html']),
      bytes: r.int(2_000, 8_000_000),
      pages: r.int(1, 120),
    }),
  },
  {
    key: 'document:updated',
    weight: 4,
    scope: customerScope(0.3),
    payload: (r) => ({
      document_id: id(r, 'doc'),
      collection: r.pick(['kb', 'tickets', 'contracts']),
      revision: r.int(2, 40),
      changed_sections: r.int(1, 12),
    }),
  },
  {
    key: 'page:crawl-requested',
    weight: 5,
    payload: (r) => ({
      url: `https://www.${r.pick(['example.org', 'example.net', 'globex.net'])}/${r.hex(6)}`,
      depth: r.int(0, 3),
      respect_robots: true,
      requested_by: r.pick(['scheduler', 'user', 'sitemap']),
    }),
  },
  {
    key: 'integration:token-expiring',
    weight: 3,
    payload: (r) => ({
      integration_id: id(r, 'int'),
      provider: r.pick(['github', 'google', 'slack', 'salesforce']),
      expires_at: iso(r),
      scopes: ['read', 'write'],
    }),
  },
  {
    key: 'alert:triggered',
    weight: 8,
    scope: (r) => (r.chance(0.8) ? 'ops' : null),
    payload: (r, severity) => alert(r, severity, r.pick(['grafana', 'datadog', 'prometheus'])),
  },
  {
    key: 'inventory:low',
    weight: 3,
    scope: (r) => (r.chance(0.8) ? 'ops' : null),
    payload: (r, severity) => ({
      ...alert(r, severity, 'inventory-service'),
      sku: `SKU-${r.hex(6).toUpperCase()}`,
      on_hand: r.int(0, 20),
      reorder_point: 25,
    }),
  },
  {
    key: 'user:login',
    weight: 25,
    payload: (r) => ({
      user_id: id(r, 'usr'),
      method: r.pick(['password', 'password', 'google', 'sso', 'passkey']),
      ip: `198.51.100.${r.int(1, 254)}`,
      mfa: r.chance(0.4),
    }),
  },
  {
    key: 'analytics:page-view',
    weight: 30,
    scope: customerScope(0.2),
    payload: (r) => ({
      anonymous_id: r.hex(16),
      path: r.pick(['/', '/pricing', '/docs', '/blog/launch', '/signup', '/app/runs']),
      referrer: r.pick(['https://www.google.com/', '', 'https://news.ycombinator.com/']),
      viewport: { width: r.pick([390, 1280, 1440, 1920]), height: r.pick([844, 800, 900]) },
      duration_ms: r.int(200, 120_000),
    }),
  },
  {
    key: 'cart:updated',
    weight: 15,
    scope: customerScope(0.3),
    payload: (r) => ({ cart_id: id(r, 'cart'), items: lineItems(r), ...money(r, 299, 99_999) }),
  },
  {
    key: 'github:push',
    weight: 8,
    webhook: { name: 'github', share: 1 },
    payload: (r) => {
      const repo = r.pick(['acme/api', 'acme/web', 'acme/infra']);
      const author = r.pick(['ana', 'li', 'sam', 'noah']);
      const commits = Array.from({ length: r.int(1, 4) }, () => ({
        id: r.hex(40),
        tree_id: r.hex(40),
        message: r.pick(['Fix flaky test', 'Bump dependencies', 'Add retry to webhook sender']),
        timestamp: iso(r),
        url: `https://github.com/${repo}/commit/${r.hex(40)}`,
        author: { name: author, email: `${author}@acme.io`, username: author },
        added: [],
        removed: [],
        modified: [`src/${r.hex(6)}.ts`, `test/${r.hex(6)}.test.ts`],
      }));
      return {
        ref: r.pick(['refs/heads/main', 'refs/heads/main', `refs/heads/feature-${r.hex(4)}`]),
        before: r.hex(40),
        after: r.hex(40),
        created: false,
        deleted: false,
        forced: r.chance(0.05),
        compare: `https://github.com/${repo}/compare/${r.hex(12)}...${r.hex(12)}`,
        repository: {
          id: r.int(100_000_000, 900_000_000),
          full_name: repo,
          private: true,
          html_url: `https://github.com/${repo}`,
          default_branch: 'main',
          owner: { login: 'acme', type: 'Organization' },
        },
        pusher: { name: author, email: `${author}@acme.io` },
        sender: { login: author, id: r.int(1_000, 9_000_000), type: 'User' },
        commits,
        head_commit: commits[commits.length - 1],
      };
    },
  },
  {
    key: 'email:bounced',
    weight: 4,
    webhook: { name: 'postmark', share: 1 },
    payload: (r) => ({
      RecordType: 'Bounce',
      Type: r.pick(['HardBounce', 'SoftBounce', 'SpamComplaint']),
      MessageID: `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`,
      Email: email(r),
      BouncedAt: iso(r),
      Description:
        'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    }),
  },
];
