import type { Database } from '@trellis/db';
import type { Engine } from '@trellis/engine';
import type { Config } from '../config';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import type { ResourceLimits } from '../resource-limits/resource-limits';
import type { LoginThrottle } from './login-throttle';
import type { RateLimiter } from './rate-limiter';

/** What route handlers share: the database, configuration and the server's keys and limiters. */
export interface ServerContext {
  db: Database;
  engine: Engine;
  config: Config;
  version: string;
  signer: ApiTokenSigner;
  /** Key that derives each session's anti-forgery token. */
  xsrfKey: string;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Tenant resource limits: routes that add what a tenant uses go through it. */
  resourceLimits: ResourceLimits;
}
