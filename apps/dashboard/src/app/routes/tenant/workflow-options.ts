/** Workflows a list's Workflow filter offers: the first 200, as the reference loads. */
import { useWorkflows } from '@/features/workflows/api/list-workflows';

export const WORKFLOW_OPTIONS_LIMIT = 200;

/** The workflows a screen's Workflow filter offers; refreshed on `refetchInterval` if given. */
export function useWorkflowOptions(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  const workflows = useWorkflows(
    tenantId,
    { offset: 0, limit: WORKFLOW_OPTIONS_LIMIT, name: '' },
    options,
  );
  return workflows.data?.rows ?? [];
}
