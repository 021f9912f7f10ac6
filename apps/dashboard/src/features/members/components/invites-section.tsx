import { MailPlus, Trash2, UserCog } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
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
import type { TenantInvite, TenantMemberRole } from '@/types/api';
import { useDeleteTenantInvite } from '../api/delete-tenant-invite';
import { useTenantInvites } from '../api/list-tenant-invites';
import { useUpdateTenantInvite } from '../api/update-tenant-invite';
import { assignableRoles, invitePermissions } from '../utils/role-rules';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { RoleBadge } from './role-badge';
import { RowActions } from './row-actions';

const COLUMNS = 5;

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

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

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
          <Button onClick={() => setInviteOpen(true)} disabled={roles.length === 0}>
            <MailPlus aria-hidden="true" />
            Invite member
          </Button>
        </>
      }
    >
      <Card className="overflow-hidden">
        <Table aria-label="Invites" aria-busy={invites.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="hidden sm:table-cell">Invited</TableHead>
              <TableHead className="hidden sm:table-cell">Expires</TableHead>
              <TableHead className="w-px">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invites.isPending ? (
              <TableLoadingRows columns={COLUMNS} label="Loading invites" />
            ) : denied ? (
              <TableErrorRow columns={COLUMNS} message="You need admin rights to see invites." />
            ) : invites.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load invites: ${errorMessage(invites.error)}`}
                onRetry={() => void invites.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No pending invites"
                description="Invite teammates by email; they join when they accept."
                action={
                  <Button variant="outline" onClick={() => setInviteOpen(true)}>
                    <MailPlus aria-hidden="true" />
                    Invite member
                  </Button>
                }
              />
            ) : (
              rows.map((invite) => {
                const permissions = invitePermissions(actorRole, invite);
                return (
                  <TableRow key={invite.metadata.id} data-testid="invite-row">
                    <TableCell>
                      <span className="block max-w-44 truncate font-medium sm:max-w-64">
                        {invite.email}
                      </span>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        Expires <RelativeTime value={invite.expires} className="lowercase" />
                      </span>
                    </TableCell>
                    <TableCell>
                      <RoleBadge role={invite.role} />
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={invite.metadata.createdAt} />
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={invite.expires} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RowActions
                        label={`Actions for the invite to ${invite.email}`}
                        actions={[
                          {
                            label: 'Change role',
                            icon: <UserCog />,
                            permission: permissions.changeRole,
                            onSelect: () => {
                              setRoleErrors({});
                              setEditing(invite);
                            },
                          },
                          {
                            label: 'Delete invite',
                            icon: <Trash2 />,
                            permission: permissions.remove,
                            destructive: true,
                            onSelect: () => setDeleting(invite),
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
