import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { SnsIntegration } from '@trellis/api-contract';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { RefreshControl } from '@/components/ui/refresh-control';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useSnsIntegrations } from '../api/list-sns-integrations';
import { SNS_COLUMN_CHOICES, SnsIntegrationsTable } from './sns-integrations-table';

// Opened on demand, so their code stays off the screen's first load.
const CreateSnsIntegrationDialog = lazy(() => import('./create-sns-integration-dialog'));
const DeleteSnsIntegrationDialog = lazy(() => import('./delete-sns-integration-dialog'));

/**
 * "SNS Integrations" of the Ingestors screen (reference 5.16.7): the toolbar (refresh, columns,
 * Create SNS Endpoint for members and up), the table, and the create and delete dialogs.
 */
export function SnsIntegrationsSection({
  tenantId,
  canEdit,
}: {
  tenantId: string;
  canEdit: boolean;
}) {
  // The table's own query, read here only for the refresh control.
  const list = useSnsIntegrations(tenantId);
  const columns = useColumnVisibility('sns-integrations');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SnsIntegration | undefined>(undefined);

  return (
    <div className="@container">
      <Section
        title="SNS Integrations"
        description="Amazon SNS topics whose messages become events of this tenant."
        actions={
          <>
            <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
            <ColumnsMenu
              columns={SNS_COLUMN_CHOICES}
              hidden={columns.hidden}
              onChange={columns.setHidden}
            />
            {canEdit ? (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                Create SNS Endpoint
              </Button>
            ) : null}
          </>
        }
      >
        <Card className="overflow-hidden">
          <SnsIntegrationsTable
            tenantId={tenantId}
            canEdit={canEdit}
            columnVisibility={columns.visibility}
            onCreate={() => setCreating(true)}
            onDelete={setDeleting}
          />
        </Card>
      </Section>

      <Suspense fallback={null}>
        {creating ? (
          <CreateSnsIntegrationDialog tenantId={tenantId} onClose={() => setCreating(false)} />
        ) : null}
        {deleting ? (
          <DeleteSnsIntegrationDialog
            tenantId={tenantId}
            integration={deleting}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
