import {
  cloudMetadataGet,
  infoGetVersion,
  livenessGet,
  metadataGet,
  metadataListIntegrations,
  readinessGet,
} from '@trellis/api-contract';
import { authSchemes } from '../../accounts/oauth/enabled-providers';
import { ApiError } from '../api-error';
import type { ApiRouter } from '../api-router';

export function registerMetaRoutes(api: ApiRouter): void {
  const { db, version, config } = api.context;

  api.handle(readinessGet, async () => {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      throw new ApiError(500, [
        { description: `database is not reachable: ${(error as Error).message}` },
      ]);
    }
  });

  api.handle(livenessGet, async () => {});

  api.handle(metadataGet, async () => ({
    auth: { schemes: authSchemes(config) },
    allowSignup: true,
    allowInvites: true,
    allowCreateTenant: true,
    allowChangePassword: true,
    // The tenant's Prometheus metrics answer (http/routes/metrics.routes.ts).
    prometheusServerEnabled: config.metrics.enabled,
  }));

  // An `errors` body is how clients learn that this is not the cloud edition.
  api.handle(cloudMetadataGet, async () => ({ errors: [{ description: 'oss' }] }));

  // Slack when its app is configured (alert webhooks); email is not reported, as before.
  api.handle(metadataListIntegrations, async () =>
    config.slack.client ? [{ name: 'slack', enabled: true }] : [],
  );

  api.handle(infoGetVersion, async () => ({ version }));
}
