import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { ResourceLimitsTable } from '@/features/resource-limits/components/resource-limits-table';

/**
 * tenant-settings/billing-and-limits: this edition cannot bill, so the screen is its Resource
 * Limits part (reference 5.16.6), as the sidebar names it: the explanation, then the table.
 */
export default function BillingAndLimitsPage() {
  const { tenant: tenantId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Resource Limits"
        description="What this tenant may use of this server, and how much it uses now. Events and task runs count over their meter window, which starts again once it has passed; the rest count what exists now. A request past a limit is refused, and the tenant's alert channels hear of it from the alarm value on. The server's operator sets the limits: ask them to raise one."
      />
      <Card className="overflow-hidden">
        <ResourceLimitsTable tenantId={tenantId} />
      </Card>
    </>
  );
}
