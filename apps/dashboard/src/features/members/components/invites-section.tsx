import { MailPlus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { reportApiError } from '@/hooks/report-api-error';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { roleLabel } from '@/lib/roles';
import type { TenantInvite, TenantMemberRole } from '@/types/api';
import { useDeleteTenantInvite } from '../api/delete-tenant-invite';
import { useTenantInvites } from '../api/list-tenant-invites';
import { useUpdateTenantInvite } from '../api/update-tenant-invite';
import { assignableRoles, invitePermissions } from '../utils/role-rules';
import {
  actionsColumn,
  changeRoleAction,
  roleColumn,
  testIdRow,
  timeColumn,
} from './access-columns';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteMemberDialog } from './invite-member-dialog';

/** Pending invites: email, role, created, expires; invite, change the role, delete. */
export function InvitesSection({
  tenantId,
  actorRole,
  onAccessDenied,
}: {
  tenantId: string;
  actorRole: TenantMemberRole | undefined;
  onAccessDenied?: () => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  const invites = useTenantInvites(tenantId, { refetchInterval });
  const update = useUpdateTenantInvite(tenantId);
  const remove = useDeleteTenantInvite(tenantId);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TenantInvite | undefined>(undefined);
  const [deleting, setDeleting] = useState<TenantInvite | undefined>(undefined);
  const [roleErrors, setRoleErrors] = useState<FieldErrors>({});
  const denied = invites.error instanceof ApiError && invites.error.status === 401;
  const rows = invites.data?.rows ?? [];
  const roles = assignableRoles(actorRole);
  const columnVisibility = useColumnVisibility('invites');

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

  const columns: DataColumn<TenantInvite>[] = [
    {
      id: 'email',
      enableHiding: false,
      header: 'Email',
      cell: ({ row: { original: invite } }) => (
        <>
          <span className="block max-w-44 truncate font-medium sm:max-w-64">{invite.email}</span>
          <span className="block text-xs text-muted-foreground sm:hidden">
            Expires <RelativeTime value={invite.expires} className="lowercase" />
          </span>
        </>
      ),
    },
    roleColumn(),
    timeColumn('invited', 'Invited', (invite) => invite.metadata.createdAt),
    timeColumn('expires', 'Expires', (invite) => invite.expires),
    actionsColumn(
      (invite) => `Actions for the invite to ${invite.email}`,
      (invite) => {
        const permissions = invitePermissions(actorRole, invite);
        return [
          changeRoleAction(permissions.changeRole, () => {
            setRoleErrors({});
            setEditing(invite);
          }),
          {
            label: 'Delete invite',
            icon: <Trash2 />,
            permission: permissions.remove,
            destructive: true,
            onSelect: () => setDeleting(invite),
          },
        ];
      },
    ),
  ];

  return (
    <Section
      title="Invites"
      description="Invites waiting to be accepted. Each one expires after 7 days."
      actions={
        <>
          <RefreshControl
            onRefresh={() => void invites.refetch()}
            isRefreshing={invites.isFetching}
          />
          <ColumnsMenu
            columns={columnChoices(columns)}
            hidden={columnVisibility.hidden}
            onChange={columnVisibility.setHidden}
            of="Invites"
          />
          <Button onClick={() => setInviteOpen(true)} disabled={roles.length === 0}>
            <MailPlus aria-hidden="true" />
            Invite member
          </Button>
        </>
      }
    >
      <Card className="overflow-hidden">
        <DataTable
          label="Invites"
          rows={rows}
          columns={columns}
          getRowId={(invite) => invite.metadata.id}
          columnVisibility={columnVisibility.visibility}
          rowProps={testIdRow('invite-row')}
          isPending={invites.isPending}
          error={
            denied
              ? 'You need admin rights to see invites.'
              : invites.isError
                ? `Could not load invites: ${errorMessage(invites.error)}`
                : undefined
          }
          onRetry={denied ? undefined : () => void invites.refetch()}
          loadingLabel="Loading invites"
          empty={{
            title: 'No pending invites',
            description: 'Invite teammates by email; they join when they accept.',
            action: (
              <Button variant="outline" onClick={() => setInviteOpen(true)}>
                <MailPlus aria-hidden="true" />
                Invite member
              </Button>
            ),
          }}
        />
      </Card>

      <InviteMemberDialog
        tenantId={tenantId}
        roles={roles}
        open={inviteOpen}
        onOpenChange={setInviteOpen}
      />
      <ChangeRoleDialog
        subject={
          editing
            ? { title: 'Change invite role', email: editing.email, role: editing.role }
            : undefined
        }
        roles={roles}
        submitLabel="Update invite"
        pending={update.isPending}
        errors={roleErrors}
        onClose={() => setEditing(undefined)}
        onSubmit={(role) => {
          if (!editing) return;
          const email = editing.email;
          update.mutate(
            { inviteId: editing.metadata.id, role },
            {
              onSuccess: () => {
                setEditing(undefined);
                toast({
                  title: 'Invite updated',
                  description: `${email} will join as ${roleLabel(role)}.`,
                  variant: 'success',
                });
              },
              onError: (error) =>
                reportApiError(error, {
                  onFieldErrors: setRoleErrors,
                  fields: ['role'],
                  title: 'Could not update the invite',
                }),
            },
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        title="Delete invite"
        description={
          <>
            Delete the invite for{' '}
            <span className="font-medium text-foreground">{deleting?.email}</span>? It can no longer
            be accepted.
          </>
        }
        confirmLabel="Delete invite"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const email = deleting.email;
          remove.mutate(deleting.metadata.id, {
            onSuccess: () => {
              setDeleting(undefined);
              toast({
                title: 'Invite deleted',
                description: `The invite for ${email} is gone.`,
                variant: 'success',
              });
            },
            onError: (error) => {
              setDeleting(undefined);
              reportApiError(error, { title: 'Could not delete the invite' });
            },
          });
        }}
      />
    </Section>
  );
}
