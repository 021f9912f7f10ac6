import { UserCog, UserMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Section } from '@/components/layout/section';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableErrorRow,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from '@/components/ui/table';
import { reportApiError } from '@/hooks/report-api-error';
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
import { ChangeRoleDialog } from './change-role-dialog';
import { RoleBadge } from './role-badge';
import { RowActions } from './row-actions';

const COLUMNS = 5;

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

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

  return (
    <Section
      title="Members"
      description="People with access to this tenant and what their role lets them do."
      actions={
        <RefreshControl
          onRefresh={() => void members.refetch()}
          isRefreshing={members.isFetching}
        />
      }
    >
      <Card className="overflow-hidden">
        <Table aria-label="Members" aria-busy={members.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead className="hidden md:table-cell">Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="hidden sm:table-cell">Joined</TableHead>
              <TableHead className="w-px">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.isPending ? (
              <TableLoadingRows columns={COLUMNS} label="Loading members" />
            ) : denied ? (
              <TableErrorRow columns={COLUMNS} message="You need admin rights to see members." />
            ) : members.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load members: ${errorMessage(members.error)}`}
                onRetry={() => void members.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow columns={COLUMNS} title="No members found" />
            ) : (
              rows.map((member) => {
                const mine = isSelf(member, self);
                const permissions = memberPermissions(actorRole, member, mine);
                return (
                  <TableRow key={member.metadata.id} data-testid="member-row">
                    <TableCell>
                      <div className="flex min-w-0 items-center gap-2">
                        <span className="max-w-36 truncate font-medium sm:max-w-56">
                          {displayName(member)}
                        </span>
                        {mine ? <Badge variant="neutral">You</Badge> : null}
                      </div>
                      <span className="block max-w-44 truncate text-xs text-muted-foreground md:hidden">
                        {member.user.email}
                      </span>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">
                      <span className="block max-w-64 truncate">{member.user.email}</span>
                    </TableCell>
                    <TableCell>
                      <RoleBadge role={member.role} />
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={member.metadata.createdAt} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RowActions
                        label={`Actions for ${member.user.email}`}
                        actions={[
                          {
                            label: 'Change role',
                            icon: <UserCog />,
                            permission: permissions.changeRole,
                            onSelect: () => {
                              setRoleErrors({});
                              setEditing(member);
                            },
                          },
                          {
                            label: 'Remove from tenant',
                            icon: <UserMinus />,
                            permission: permissions.remove,
                            destructive: true,
                            onSelect: () => setRemoving(member),
                          },
                        ]}
                      />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
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
