import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { tenantHref } from '@/config/paths';

/** "Workflow ↗": the run's or task's workflow, in a new tab so the detail stays open. */
export function WorkflowLinkButton({
  tenantId,
  workflowId,
}: {
  tenantId: string;
  workflowId: string;
}) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link
        to={tenantHref(tenantId, 'workflows/:workflow', { workflow: workflowId })}
        target="_blank"
      >
        Workflow
        <ArrowUpRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
