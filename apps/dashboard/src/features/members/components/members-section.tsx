import { UserMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RefreshControl } from '@/components/ui/refresh-control';
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
import type { TenantMember, TenantMemberRole } from '@/types/api';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { assignableRoles, isSelf, memberPermissions } from '../utils/role-rules';
import {
  actionsColumn,
  changeRoleAction,
  roleColumn,
  testIdRow,
  timeColumn,
} from './access-columns';
import { ChangeRoleDialog } from './change-role-dialog';

export interface MembersSectionProps {
  tenantId: string;
  /** The signed-in user's role in the tenant. */
  actorRole: TenantMemberRole | undefined;
  /** The signed-in user, to mark their row and keep them from changing it. */
  self: { memberId?: string | undefined; email?: string | undefined };
  /** Called when the server refuses the list (the user's role changed meanwhile). */
  onAccessDenied?: () => void;
}

const displayName = (member: TenantMember) => member.user.name?.trim() || member.user.email;

/** Members: name, email, role, joined; change a role; remove a member. */
export function MembersSection({ tenantId, actorRole, self, onAccessDenied }: MembersSectionProps) {
  const { refetchInterval } = useRefetchInterval();
  const members = useMembers(tenantId, { refetchInterval });
  const update = useUpdateMember(tenantId);
  const remove = useRemoveMember(tenantId);
  const [editing, setEditing] = useState<TenantMember | undefined>(undefined);
  const [removing, setRemoving] = useState<TenantMember | undefined>(undefined);
  const [roleErrors, setRoleErrors] = useState<FieldErrors>({});
  const denied = members.error instanceof ApiError && members.error.status === 401;
  const rows = members.data?.rows ?? [];
  const columnVisibility = useColumnVisibility('members');

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

  const columns: DataColumn<TenantMember>[] = [
    {
      id: 'name',
      enableHiding: false,
      header: 'Name',
      cell: ({ row: { original: member } }) => (
        <>
          <div className="flex min-w-0 items-center gap-2">
            <span className="max-w-36 truncate font-medium sm:max-w-56">{displayName(member)}</span>
            {isSelf(member, self) ? <Badge variant="neutral">You</Badge> : null}
          </div>
          <span className="block max-w-44 truncate text-xs text-muted-foreground md:hidden">
            {member.user.email}
          </span>
        </>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      meta: { className: 'hidden md:table-cell', cellClassName: 'text-muted-foreground' },
      cell: ({ row }) => <span className="block max-w-64 truncate">{row.original.user.email}</span>,
    },
    roleColumn(),
    timeColumn('joined', 'Joined', (member) => member.metadata.createdAt),
    actionsColumn(
      (member) => `Actions for ${member.user.email}`,
      (member) => {
        const permissions = memberPermissions(actorRole, member, isSelf(member, self));
        return [
          changeRoleAction(permissions.changeRole, () => {
            setRoleErrors({});
            setEditing(member);
          }),
          {
            label: 'Remove from tenant',
            icon: <UserMinus />,
            permission: permissions.remove,
            destructive: true,
            onSelect: () => setRemoving(member),
          },
        ];
      },
    ),
  ];

  return (
    <Section
      title="Members"
      description="People with access to this tenant and what their role lets them do."
      actions={
        <>
          <RefreshControl
            onRefresh={() => void members.refetch()}
            isRefreshing={members.isFetching}
          />
          <ColumnsMenu
            columns={columnChoices(columns)}
            hidden={columnVisibility.hidden}
            onChange={columnVisibility.setHidden}
            of="Members"
          />
        </>
      }
    >
      <Card className="overflow-hidden">
        <DataTable
          label="Members"
          rows={rows}
          columns={columns}
          getRowId={(member) => member.metadata.id}
          columnVisibility={columnVisibility.visibility}
          rowProps={testIdRow('member-row')}
          isPending={members.isPending}
          error={
            denied
              ? 'You need admin rights to see members.'
              : members.isError
                ? `Could not load members: ${errorMessage(members.error)}`
                : undefined
          }
          onRetry={denied ? undefined : () => void members.refetch()}
          loadingLabel="Loading members"
          empty={{ title: 'No members found' }}
        />
      </Card>

      <ChangeRoleDialog
        subject={
          editing
            ? {
                title: 'Change member role',
                name: editing.user.name,
                email: editing.user.email,
                role: editing.role,
              }
            : undefined
        }
        roles={assignableRoles(actorRole)}
        submitLabel="Update role"
        pending={update.isPending}
        errors={roleErrors}
        onClose={() => setEditing(undefined)}
        onSubmit={(role) => {
          if (!editing) return;
          const who = displayName(editing);
          update.mutate(
            { memberId: editing.metadata.id, role },
            {
              onSuccess: () => {
                setEditing(undefined);
                toast({
                  title: 'Role updated',
                  description: `${who} is now ${roleLabel(role)}.`,
                  variant: 'success',
                });
              },
              onError: (error) =>
                reportApiError(error, {
                  onFieldErrors: setRoleErrors,
                  fields: ['role'],
                  title: 'Could not change the role',
                }),
            },
          );
        }}
      />
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title="Remove member"
        description={
          <>
            Remove <span className="font-medium text-foreground">{removing?.user.email}</span> from
            this tenant? They lose access at once; you can invite them again later.
          </>
        }
        confirmLabel="Remove member"
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const email = removing.user.email;
          remove.mutate(removing.metadata.id, {
            onSuccess: () => {
              setRemoving(undefined);
              toast({
                title: 'Member removed',
                description: `${email} was removed.`,
                variant: 'success',
              });
            },
            onError: (error) => {
              setRemoving(undefined);
              reportApiError(error, { title: 'Could not remove the member' });
            },
          });
        }}
      />
    </Section>
  );
}
