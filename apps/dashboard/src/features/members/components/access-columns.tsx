import { UserCog } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { DataColumn } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import type { DateInput } from '@/lib/format';
import type { TenantMemberRole } from '@/types/api';
import { RoleBadge } from './role-badge';
import { RowActions } from './row-actions';
import type { RowAction } from './row-actions';
import type { Permission } from '../utils/role-rules';

/**
 * The columns the members and invites lists share, written once: the role, a time shown
 * relative to now, and the row's "…" menu.
 */

/** The role a member holds or an invite grants. */
export function roleColumn<T extends { role: TenantMemberRole }>(): DataColumn<T> {
  return {
    id: 'role',
    header: 'Role',
    cell: ({ row }) => <RoleBadge role={row.original.role} />,
  };
}

/** A time relative to now (joined, invited, expires), shown from the `sm` breakpoint. */
export function timeColumn<T>(
  id: string,
  header: string,
  value: (row: T) => DateInput,
): DataColumn<T> {
  return {
    id,
    header,
    meta: {
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
    },
    cell: ({ row }) => <RelativeTime value={value(row.original)} />,
  };
}

/** The row's menu, named by `label`; its actions stay listed when not allowed, with why. */
export function actionsColumn<T>(
  label: (row: T) => string,
  actions: (row: T) => RowAction[],
): DataColumn<T> {
  return {
    id: 'actions',
    enableHiding: false,
    meta: { className: 'w-px', cellClassName: 'text-right' },
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <RowActions label={label(row.original)} actions={actions(row.original)} />,
  };
}

/** The "Change role" entry both menus start with. */
export const changeRoleAction = (permission: Permission, onSelect: () => void): RowAction => ({
  label: 'Change role',
  icon: <UserCog />,
  permission,
  onSelect,
});

/** A body row named by `data-testid`, as the tests find the rows of these lists. */
export const testIdRow = (testId: string) => () =>
  ({ 'data-testid': testId }) as ComponentProps<'tr'>;
