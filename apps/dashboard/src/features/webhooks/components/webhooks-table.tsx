import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
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
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { V1Webhook } from '@/types/api';
import { ExpressionInlineEdit } from './expression-inline-edit';
import { AuthTypeLabel, SourceLabel } from './webhook-labels';

const COLUMNS = 6;

/**
 * Incoming webhooks (reference 5.8): name (opens its panel), source, the event key
 * expression (edited in place by members), authentication, and a menu to copy the URL or
 * delete. Narrow screens keep the name, the expression and the menu.
 */
export function WebhooksTable({
  tenantId,
  rows,
  isPending,
  error,
  onRetry,
  canEdit,
  receiveUrl,
  onOpen,
  onDelete,
  empty,
}: {
  tenantId: string;
  rows: V1Webhook[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  canEdit: boolean;
  receiveUrl: (webhook: V1Webhook) => string;
  onOpen: (webhook: V1Webhook) => void;
  onDelete: (webhook: V1Webhook) => void;
  empty: EmptyContent;
}) {
  return (
    <Table aria-label="Webhooks" aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead className="hidden sm:table-cell">Source</TableHead>
          <TableHead>Event key expression</TableHead>
          <TableHead className="hidden md:table-cell">Auth method</TableHead>
          <TableHead className="hidden lg:table-cell">Created</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={COLUMNS} label="Loading webhooks" />
        ) : error !== undefined ? (
          <TableErrorRow columns={COLUMNS} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={COLUMNS} {...empty} />
        ) : (
          rows.map((webhook) => (
            <TableRow key={webhook.name} data-webhook-row={webhook.name}>
              <TableCell>
                <button
                  type="button"
                  onClick={() => onOpen(webhook)}
                  className="block max-w-28 truncate rounded-sm text-left font-mono text-[13px] font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60"
                  title={`${webhook.name}: open the webhook`}
                >
                  {webhook.name}
                </button>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <SourceLabel source={webhook.sourceName} />
              </TableCell>
              <TableCell className="py-1.5">
                {canEdit ? (
                  <ExpressionInlineEdit tenantId={tenantId} webhook={webhook} />
                ) : (
                  <code className="px-2 font-mono text-xs">{webhook.eventKeyExpression}</code>
                )}
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <AuthTypeLabel authType={webhook.authType} />
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                <RelativeTime value={webhook.metadata.createdAt} />
              </TableCell>
              <TableCell className="w-px">
                <RowMenu label={`Actions for ${webhook.name}`}>
                  <DropdownMenuItem onSelect={() => onOpen(webhook)}>
                    View requests
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() => copyWithToast(receiveUrl(webhook), 'Webhook URL copied')}
                  >
                    Copy Webhook URL
                  </DropdownMenuItem>
                  {canEdit ? (
                    <>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem
                        onSelect={() => onDelete(webhook)}
                        className="text-destructive data-[highlighted]:text-destructive"
                      >
                        Delete
                      </DropdownMenuItem>
                    </>
                  ) : null}
                </RowMenu>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
