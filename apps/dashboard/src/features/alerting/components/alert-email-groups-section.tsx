import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { RefreshControl } from '@/components/ui/refresh-control';
import { reportApiError } from '@/hooks/report-api-error';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useAlertEmailGroups } from '../api/list-alert-email-groups';
import { useUpdateAlertingSettings } from '../api/update-alerting-settings';
import {
  ALERT_GROUP_COLUMN_CHOICES,
  AlertEmailGroupsTable,
  type AlertGroupRow,
} from './alert-email-groups-table';

// Opened on demand, so their code stays off the screen's first load.
const AlertEmailGroupDialog = lazy(() => import('./alert-email-group-dialog'));
const DeleteAlertEmailGroupDialog = lazy(() => import('./delete-alert-email-group-dialog'));

/**
 * "Email Groups" (reference 5.16.5): who receives the tenant's alerts. The first row stands for
 * all the tenant's members (the tenant's `alertMemberEmails`); members and up create, edit and
 * delete groups, viewers only read.
 */
export function AlertEmailGroupsSection({
  tenantId,
  alertMemberEmails,
  canEdit,
}: {
  tenantId: string;
  /** Whether the members receive alerts too; undefined while the settings load. */
  alertMemberEmails: boolean | undefined;
  canEdit: boolean;
}) {
  const { refetchInterval } = useRefetchInterval();
  const list = useAlertEmailGroups(tenantId, { refetchInterval });
  const columns = useColumnVisibility('alert-email-groups');
  const updateSettings = useUpdateAlertingSettings(tenantId);
  const [editing, setEditing] = useState<TenantAlertEmailGroup | 'new' | undefined>(undefined);
  const [deleting, setDeleting] = useState<TenantAlertEmailGroup | undefined>(undefined);

  const rows: AlertGroupRow[] = [
    ...(alertMemberEmails === undefined
      ? []
      : [{ kind: 'members', enabled: alertMemberEmails } as const]),
    ...(list.data?.rows ?? []).map((group) => ({ kind: 'group', group }) as const),
  ];

  const changeMembers = (enabled: boolean) =>
    updateSettings.mutate(
      { alertMemberEmails: enabled },
      {
        onSuccess: () =>
          toast({
            title: enabled ? 'Members receive alerts' : 'Members no longer receive alerts',
            variant: 'success',
          }),
        onError: (error) => reportApiError(error, { title: 'Could not change the setting' }),
      },
    );

  return (
    <div className="@container">
      <Section
        title="Email Groups"
        description="Alerts go to each group’s addresses, and to every member of the tenant while that row is enabled."
        actions={
          <>
            <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
            <ColumnsMenu
              columns={ALERT_GROUP_COLUMN_CHOICES}
              hidden={columns.hidden}
              onChange={columns.setHidden}
            />
            {canEdit ? (
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" />
                Create new group
              </Button>
            ) : null}
          </>
        }
      >
        <Card className="overflow-hidden">
          <AlertEmailGroupsTable
            rows={rows}
            columnVisibility={columns.visibility}
            isPending={list.isPending}
            error={
              list.isError ? `Could not load email groups: ${errorMessage(list.error)}` : undefined
            }
            onRetry={() => void list.refetch()}
            canEdit={canEdit}
            onEdit={setEditing}
            onDelete={setDeleting}
            onMembersChange={changeMembers}
            empty={{
              title: 'No email groups',
              description: 'Create a group with the addresses that should hear about failed runs.',
            }}
          />
        </Card>
      </Section>

      <Suspense fallback={null}>
        {editing ? (
          <AlertEmailGroupDialog
            tenantId={tenantId}
            group={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
        {deleting ? (
          <DeleteAlertEmailGroupDialog
            tenantId={tenantId}
            group={deleting}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
