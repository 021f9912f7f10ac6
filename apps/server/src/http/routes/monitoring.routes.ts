import { monitoringPostRunProbe } from '@trellis/api-contract';
import { ApiError } from '../api-error';
import type { ApiRouter } from '../api-router';
import { runProbe } from '../run-probe';

/** How long a probe waits for its run: far longer than a healthy engine needs (milliseconds). */
const PROBE_TIMEOUT_MS = 10_000;

export function registerMonitoringRoutes(api: ApiRouter): void {
  const { engine } = api.context;

  api.handle(monitoringPostRunProbe, async ({ identity }) => {
    const failure = await runProbe(engine, identity.tenant!.id, PROBE_TIMEOUT_MS);
    if (failure) throw new ApiError(503, [{ description: failure }]);
  });
}
