import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TriggerRunResult } from '@/types/api';
import { cronPath } from './get-cron';

/**
 * POST /api/v1/tenants/{tenant}/workflows/crons/{cron}: runs the cron's workflow now, with its
 * input and metadata; answers the new run's id. The schedule itself is untouched.
 */
export function runCronNow(tenantId: string, cronId: string): Promise<TriggerRunResult> {
  return api.post<TriggerRunResult>(cronPath(tenantId, cronId));
}

export function useRunCronNow(tenantId: string) {
  return useMutation({ mutationFn: (cronId: string) => runCronNow(tenantId, cronId) });
}
