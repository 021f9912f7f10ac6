import type { Database } from '@trellis/db';
import type { EngineApi } from '@trellis/engine';
import type { Config } from '../config';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import type { LiveUpdates } from '../live/live-updates';
import type { ResourceLimits } from '../resource-limits/resource-limits';
import type { LoginThrottle } from './login-throttle';
import type { RateLimiter } from './rate-limiter';

/** What route handlers share: the database, configuration and the server's keys and limiters. */
export interface ServerContext {
  db: Database;
  engine: EngineApi;
  config: Config;
  version: string;
  signer: ApiTokenSigner;
  /** Key that derives each session's anti-forgery token. */
  xsrfKey: string;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Tenant resource limits: routes that add what a tenant uses go through it. */
  resourceLimits: ResourceLimits;
  /** The dashboards' live streams, fed by the engines here. */
  live: LiveUpdates;
  /**
   * Where a tenant is served: 'here', the HTTP address (`host:port`) of the process that serves it,
   * or undefined while no process does (a takeover under way). Absent: one process serves every tenant.
   * Requests about a tenant served elsewhere are forwarded there (forward-to-home.ts).
   */
  tenantHome?: ((tenantId: string) => Promise<'here' | string | undefined>) | undefined;
}
