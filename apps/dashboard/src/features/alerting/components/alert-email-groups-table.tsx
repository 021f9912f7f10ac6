import type { VisibilityState } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { Badge } from '@/components/ui/badge';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import type { EmptyContent } from '@/components/ui/table';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  created: 'Created',
  status: 'Status',
};
export const ALERT_GROUP_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/** A row: the synthetic "All Tenant Members" one first, then the real groups. */
export type AlertGroupRow =
  { kind: 'members'; enabled: boolean } | { kind: 'group'; group: TenantAlertEmailGroup };

/** Badges shown per group before "+N more". */
const SHOWN_EMAILS = 6;

/**
 * Email groups (reference 5.16.5): the addresses as badges, when the group was created, an
 * Enabled/Disabled badge and, for members and up, a menu: Edit and Delete for groups, Enable or
 * Disable for the all-members row.
 */
export function AlertEmailGroupsTable({
  rows,
  isPending,
  error,
  onRetry,
  canEdit,
  onEdit,
  onDelete,
  onMembersChange,
  empty,
  columnVisibility,
}: {
  rows: AlertGroupRow[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  canEdit: boolean;
  onEdit: (group: TenantAlertEmailGroup) => void;
  onDelete: (group: TenantAlertEmailGroup) => void;
  onMembersChange: (enabled: boolean) => void;
  empty: EmptyContent;
  columnVisibility?: VisibilityState;
}) {
  const columns: DataColumn<AlertGroupRow>[] = [
    {
      id: 'emails',
      enableHiding: false,
      header: 'Emails',
      meta: { cellClassName: 'max-w-0 w-full py-2' },
      cell: ({ row: { original } }) =>
        original.kind === 'members' ? (
          <Badge variant="accent">All Tenant Members</Badge>
        ) : (
          <span className="flex flex-wrap gap-1">
            {original.group.emails.slice(0, SHOWN_EMAILS).map((email) => (
              <Badge key={email} variant="outline" className="max-w-full" title={email}>
                <span className="truncate">{email}</span>
              </Badge>
            ))}
            {original.group.emails.length > SHOWN_EMAILS ? (
              <Badge title={original.group.emails.slice(SHOWN_EMAILS).join(', ')}>
                +{original.group.emails.length - SHOWN_EMAILS} more
              </Badge>
            ) : null}
          </span>
        ),
    },
    {
      id: 'created',
      header: HIDEABLE.created,
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row: { original } }) =>
        original.kind === 'group' ? (
          <RelativeTime value={original.group.metadata.createdAt} />
        ) : null,
    },
    {
      id: 'status',
      header: HIDEABLE.status,
      meta: { cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original } }) => {
        const enabled = original.kind === 'group' || original.enabled;
        return (
          <Badge variant={enabled ? 'outline' : 'neutral'}>
            <span
              aria-hidden="true"
              className={
                enabled
                  ? 'mr-1 size-1.5 rounded-full bg-success'
                  : 'mr-1 size-1.5 rounded-full bg-muted-foreground'
              }
            />
            {enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        );
      },
    },
  ];
  // A viewer may do nothing to a row: no empty menu.
  if (canEdit) {
    columns.push({
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original } }) =>
        original.kind === 'members' ? (
          <RowMenu label="Actions for All Tenant Members">
            <DropdownMenuItem onSelect={() => onMembersChange(!original.enabled)}>
              {original.enabled ? 'Disable' : 'Enable'}
            </DropdownMenuItem>
          </RowMenu>
        ) : (
          <RowMenu label={`Actions for ${original.group.emails.join(', ')}`}>
            <DropdownMenuItem onSelect={() => onEdit(original.group)}>Edit</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDelete(original.group)} destructive>
              Delete
            </DropdownMenuItem>
          </RowMenu>
        ),
    });
  }

  return (
    <DataTable
      label="Email groups"
      rows={rows}
      columns={columns}
      getRowId={(row) => (row.kind === 'members' ? 'members' : row.group.metadata.id)}
      columnVisibility={columnVisibility}
      rowProps={(row) =>
        ({
          'data-alert-group':
            row.original.kind === 'members' ? 'members' : row.original.group.emails.join(','),
        }) as ComponentProps<'tr'>
      }
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingLabel="Loading email groups"
    />
  );
}
