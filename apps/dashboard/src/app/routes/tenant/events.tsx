/**
 * events: the events feature's list and panel, with what the panel shows from other
 * features composed in: the runs an event triggered (runs) and its scope's filters (filters).
 */
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { EventsPage } from '@/features/events/components/events-page';
import { ExportButton } from '@/features/export/components/export-button';
import type { EventPanelSlots } from '@/features/events/components/event-panel';
import { FiltersSummary } from '@/features/filters/components/filters-summary';
import { TriggeredRuns } from '@/features/runs/components/related-runs';
import { SavedViewsButton } from '@/features/saved-views/components/saved-views-button';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';
import { useWorkflowOptions } from './workflow-options';

export default function EventsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const rows = useWorkflowOptions(tenantId);
  const names = new Map(rows.map((workflow) => [workflow.metadata.id, workflow.name]));
  const slots: EventPanelSlots = {
    triggeredRuns: (event) => (
      <TriggeredRuns
        tenantId={tenantId}
        eventId={event.metadata.id}
        seenAt={event.seenAt ?? event.metadata.createdAt}
      />
    ),
    scopeFilters: (scope) => (
      <FiltersSummary tenantId={tenantId} of={{ scope }} workflowName={(id) => names.get(id)} />
    ),
  };
  return (
    <>
      <PageHeader
        title="Events"
        description="Events pushed to this tenant by workers, clients and webhooks, and the runs they triggered."
      />
      <EventsPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={rows}
        slots={slots}
        exportControl={(query) => <ExportButton list="events" tenantId={tenantId} query={query} />}
        viewsControl={(state) => (
          <SavedViewsButton
            tenantId={tenantId}
            list="events"
            state={state}
            canDeleteShared={roleAtLeast(role, 'ADMIN')}
          />
        )}
      />
    </>
  );
}
