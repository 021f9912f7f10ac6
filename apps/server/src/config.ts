import { accessSync, constants } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@trellis/api-contract';
import {
  resourceLimitEnv,
  resourceLimitsConfig,
  type ResourceLimitsConfig,
} from './resource-limits/resource-limit-config';

/**
 * Server configuration. This module is the only reader of `process.env`; everything else
 * receives a validated `Config`.
 */

const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int({ message: 'must be a whole port number' })
  .min(1, { message: 'must be between 1 and 65535' })
  .max(65535, { message: 'must be between 1 and 65535' });
const port = (fallback: number) => portNumber.default(fallback);

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const envSchema = z.object({
  TRELLIS_HTTP_PORT: port(8080),
  TRELLIS_HTTP_HOST: z.string().min(1).default('0.0.0.0'),
  TRELLIS_GRPC_PORT: port(7070),
  TRELLIS_DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('.trellis'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  TRELLIS_PUBLIC_URL: httpUrl.optional(),
  TRELLIS_GRPC_BROADCAST_ADDRESS: z
    .string()
    .regex(/^[^\s/:]+:\d{1,5}$/, { message: 'must be host:port' })
    .optional(),
  TRELLIS_GRPC_TLS_CERT_FILE: z.string().min(1).optional(),
  TRELLIS_GRPC_TLS_KEY_FILE: z.string().min(1).optional(),
  TRELLIS_ADMIN_EMAIL: emailSchema.default('admin@example.com'),
  TRELLIS_ADMIN_PASSWORD: passwordSchema.optional(),
  TRELLIS_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRELLIS_HTTP_BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'must be a number of bytes' })
    .int()
    .min(1024, { message: 'must be at least 1024' })
    .default(4 * 1024 * 1024),
  TRELLIS_DASHBOARD_DIR: z.string().min(1).optional(),
  TRELLIS_STATS_FILE: z.string().min(1).optional(),
  TRELLIS_DEMO: z
    .enum(['0', '1'], { message: 'must be 0 or 1' })
    .default('1')
    .transform((value) => value === '1'),
  TRELLIS_TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  TRELLIS_METRICS: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('off')
    .transform((value) => value === 'on'),
  TRELLIS_METRICS_TOKEN: z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { message: 'must be printable ASCII without spaces' })
    .optional(),
  TRELLIS_PEER_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'must be a host name or an IP address' })
    .optional(),
  TRELLIS_HISTORY_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int({ message: 'must be a whole number of days' })
    .min(1, { message: 'must be at least 1' })
    .default(30),
  TRELLIS_SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1' })
    .max(3600, { message: 'must be at most 3600' })
    .default(30),
  TRELLIS_SMTP_HOST: z.string().min(1).optional(),
  TRELLIS_SMTP_PORT: portNumber.optional(),
  TRELLIS_SMTP_TLS: z
    .enum(['starttls', 'tls', 'none'], { message: 'must be starttls, tls or none' })
    .default('starttls'),
  TRELLIS_SMTP_USER: z.string().min(1).optional(),
  // Never refused by a rule: a refusal would print the value in the error line.
  TRELLIS_SMTP_PASSWORD: z.string().optional(),
  TRELLIS_SMTP_FROM: z
    .string()
    .regex(/^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/, {
      message: 'must be an address, or a name followed by <address>',
    })
    .optional(),
  TRELLIS_EMAIL_VERIFICATION: z
    .enum(['auto', 'required', 'off'], { message: 'must be auto, required or off' })
    .default('auto'),
  TRELLIS_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  // Secrets, like the SMTP password, are never refused by a rule that would print them.
  TRELLIS_GOOGLE_CLIENT_SECRET: z.string().optional(),
  TRELLIS_GOOGLE_ISSUER_URL: httpUrl.default('https://accounts.google.com'),
  TRELLIS_GITHUB_CLIENT_ID: z.string().min(1).optional(),
  TRELLIS_GITHUB_CLIENT_SECRET: z.string().optional(),
  TRELLIS_GITHUB_URL: httpUrl.default('https://github.com'),
  TRELLIS_GITHUB_API_URL: httpUrl.default('https://api.github.com'),
  TRELLIS_SLACK_CLIENT_ID: z.string().min(1).optional(),
  TRELLIS_SLACK_CLIENT_SECRET: z.string().optional(),
  TRELLIS_SLACK_URL: httpUrl.default('https://slack.com'),
  ...resourceLimitEnv,
});

/** How the server reaches its SMTP relay; `tls` is implicit TLS, `starttls` requires the upgrade. */
export interface SmtpConfig {
  host: string;
  port: number;
  tls: 'starttls' | 'tls' | 'none';
  auth: { user: string; password: string } | undefined;
}

export interface Config {
  http: {
    host: string;
    port: number;
    bodyLimitBytes: number;
    /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
    trustProxy: boolean;
  };
  grpc: {
    port: number;
    broadcastAddress: string;
    /** PEM certificate chain and key; absent means plaintext gRPC. */
    tls: { certFile: string; keyFile: string } | undefined;
  };
  /** The address users and SDKs reach the server at, without a trailing slash. */
  publicUrl: string;
  /** PostgreSQL server URL; absent means the embedded database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string | undefined };
  logLevel: string;
  dashboardDir: string;
  /** Run the example worker and a trickle of runs against the default tenant. */
  demo: boolean;
  /** Where to write the database statement counts every second (benchmarks), if anywhere. */
  statsFile: string | undefined;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  /** Prometheus metrics (docs/operations.md): `GET /metrics` and each tenant's own series. */
  metrics: {
    enabled: boolean;
    /** When set, `GET /metrics` needs `Authorization: Bearer <token>`. */
    token: string | undefined;
  };
  /**
   * The host the other server processes on the same database reach this one at: they pass on
   * HTTP requests and gRPC calls about the tenants this one schedules (docs/operations.md).
   */
  peerHost: string;
  /** Task events, logs, stream events and events older than this are dropped, a day at a time. */
  historyRetentionMs: number;
  /** How long a stop signal waits for in-flight work before the process exits anyway. */
  shutdownTimeoutMs: number;
  email: {
    /** Absent: messages are kept in the outbox under `dataDir` and logged (docs/accounts-and-email.md). */
    smtp: SmtpConfig | undefined;
    /** The From header of every message. */
    from: string;
    /** New password accounts must follow a mailed link before using the API. */
    verificationRequired: boolean;
  };
  /** Sign-in providers; each is on when its client id and secret are set (docs/configuration.md). */
  oauth: {
    google: OAuthClientConfig & { issuerUrl: string };
    github: OAuthClientConfig & { url: string; apiUrl: string };
  };
  /**
   * The Slack app that installs incoming webhooks for alerts (docs/alerting.md); on when its
   * client id and secret are set. `url` serves both the authorize page and the Web API.
   */
  slack: OAuthClientConfig & { url: string };
  /** Tenant resource limits (docs/resource-limits.md). */
  resourceLimits: ResourceLimitsConfig;
}

/** A registered OAuth client; absent when the provider is off. */
export interface OAuthClientConfig {
  client: { id: string; secret: string } | undefined;
}

export class ConfigError extends Error {}

const defaultDashboardDir = fileURLToPath(new URL('../../dashboard/dist', import.meta.url));

/** Reads and validates the configuration; throws a ConfigError naming the first bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${env[name]}")`);
  }
  const e = parsed.data;
  const tls = grpcTls(e.TRELLIS_GRPC_TLS_CERT_FILE, e.TRELLIS_GRPC_TLS_KEY_FILE);
  if (e.TRELLIS_METRICS_TOKEN !== undefined && !e.TRELLIS_METRICS) {
    throw new ConfigError(
      'Invalid configuration: TRELLIS_METRICS_TOKEN is set but TRELLIS_METRICS is not on',
    );
  }
  const publicUrl = e.TRELLIS_PUBLIC_URL ?? `http://localhost:${e.TRELLIS_HTTP_PORT}`;
  return {
    http: {
      host: e.TRELLIS_HTTP_HOST,
      port: e.TRELLIS_HTTP_PORT,
      bodyLimitBytes: e.TRELLIS_HTTP_BODY_LIMIT_BYTES,
      trustProxy: e.TRELLIS_TRUST_PROXY,
    },
    grpc: {
      port: e.TRELLIS_GRPC_PORT,
      broadcastAddress: e.TRELLIS_GRPC_BROADCAST_ADDRESS ?? `localhost:${e.TRELLIS_GRPC_PORT}`,
      tls,
    },
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.TRELLIS_DATA_DIR),
    admin: { email: e.TRELLIS_ADMIN_EMAIL.toLowerCase(), password: e.TRELLIS_ADMIN_PASSWORD },
    logLevel: e.TRELLIS_LOG_LEVEL,
    dashboardDir: e.TRELLIS_DASHBOARD_DIR ? resolve(e.TRELLIS_DASHBOARD_DIR) : defaultDashboardDir,
    demo: e.TRELLIS_DEMO,
    statsFile: e.TRELLIS_STATS_FILE ? resolve(e.TRELLIS_STATS_FILE) : undefined,
    secureCookies: publicUrl.startsWith('https://'),
    metrics: { enabled: e.TRELLIS_METRICS, token: e.TRELLIS_METRICS_TOKEN },
    peerHost: e.TRELLIS_PEER_HOST ?? defaultPeerHost(e.TRELLIS_HTTP_HOST),
    historyRetentionMs: e.TRELLIS_HISTORY_RETENTION_DAYS * 86_400_000,
    shutdownTimeoutMs: e.TRELLIS_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    email: emailConfig(e, publicUrl),
    oauth: {
      google: {
        client: oauthClient(e, 'GOOGLE'),
        issuerUrl: e.TRELLIS_GOOGLE_ISSUER_URL,
      },
      github: {
        client: oauthClient(e, 'GITHUB'),
        url: e.TRELLIS_GITHUB_URL,
        apiUrl: e.TRELLIS_GITHUB_API_URL,
      },
    },
    slack: { client: oauthClient(e, 'SLACK'), url: e.TRELLIS_SLACK_URL },
    resourceLimits: resourceLimitsConfig(e),
  };
}

/**
 * The address this process listens on when it is a specific one; otherwise the machine's first
 * external IPv4 address (a container's own), else loopback (every process on one machine).
 */
function defaultPeerHost(listenHost: string): string {
  if (listenHost !== '0.0.0.0' && listenHost !== '::') return listenHost;
  for (const addresses of Object.values(networkInterfaces())) {
    const external = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (external) return external.address;
  }
  return '127.0.0.1';
}

function oauthClient(
  e: z.infer<typeof envSchema>,
  provider: 'GOOGLE' | 'GITHUB' | 'SLACK',
): OAuthClientConfig['client'] {
  const id = e[`TRELLIS_${provider}_CLIENT_ID`];
  const secret = e[`TRELLIS_${provider}_CLIENT_SECRET`];
  if ((id === undefined) !== (secret === undefined)) {
    throw new ConfigError(
      `Invalid configuration: TRELLIS_${provider}_CLIENT_ID and TRELLIS_${provider}_CLIENT_SECRET must be set together`,
    );
  }
  return id === undefined ? undefined : { id, secret: secret! };
}

function emailConfig(e: z.infer<typeof envSchema>, publicUrl: string): Config['email'] {
  const smtp = smtpConfig(e);
  if (!smtp) {
    for (const name of [
      'TRELLIS_SMTP_PORT',
      'TRELLIS_SMTP_USER',
      'TRELLIS_SMTP_PASSWORD',
    ] as const) {
      if (e[name] !== undefined)
        throw new ConfigError(`Invalid configuration: ${name} is set but TRELLIS_SMTP_HOST is not`);
    }
  }
  return {
    smtp,
    from: e.TRELLIS_SMTP_FROM ?? `Trellis <no-reply@${new URL(publicUrl).hostname}>`,
    // Without a relay nobody receives the link unless an operator forwards it from the outbox,
    // so `auto` asks for verification only when mail can actually arrive.
    verificationRequired:
      e.TRELLIS_EMAIL_VERIFICATION === 'required' ||
      (e.TRELLIS_EMAIL_VERIFICATION === 'auto' && smtp !== undefined),
  };
}

function smtpConfig(e: z.infer<typeof envSchema>): SmtpConfig | undefined {
  if (e.TRELLIS_SMTP_HOST === undefined) return undefined;
  if ((e.TRELLIS_SMTP_USER === undefined) !== (e.TRELLIS_SMTP_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration: TRELLIS_SMTP_USER and TRELLIS_SMTP_PASSWORD must be set together',
    );
  }
  return {
    host: e.TRELLIS_SMTP_HOST,
    port: e.TRELLIS_SMTP_PORT ?? (e.TRELLIS_SMTP_TLS === 'tls' ? 465 : 587),
    tls: e.TRELLIS_SMTP_TLS,
    auth:
      e.TRELLIS_SMTP_USER === undefined
        ? undefined
        : { user: e.TRELLIS_SMTP_USER, password: e.TRELLIS_SMTP_PASSWORD! },
  };
}

/** TLS needs both files, and both must be readable now rather than at the first connection. */
function grpcTls(
  certFile: string | undefined,
  keyFile: string | undefined,
): { certFile: string; keyFile: string } | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    throw new ConfigError(
      'Invalid configuration: TRELLIS_GRPC_TLS_CERT_FILE and TRELLIS_GRPC_TLS_KEY_FILE must be set together',
    );
  }
  for (const [name, file] of [
    ['TRELLIS_GRPC_TLS_CERT_FILE', certFile],
    ['TRELLIS_GRPC_TLS_KEY_FILE', keyFile],
  ] as const) {
    try {
      accessSync(file, constants.R_OK);
    } catch {
      throw new ConfigError(
        `Invalid configuration: ${name} is not a readable file (got "${file}")`,
      );
    }
  }
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}
