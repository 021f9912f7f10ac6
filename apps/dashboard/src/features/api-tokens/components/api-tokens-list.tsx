import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RestrictedState } from '@/components/layout/restricted-state';
import { Badge } from '@/components/ui/badge';
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
import { useTimeZone } from '@/hooks/use-time-zone';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatDate, formatTimestamp, toDate } from '@/lib/format';
import type { ApiToken } from '@/types/api';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/**
 * The tenant's API tokens: name, created, expires; create and revoke. The list follows the
 * user's auto-refresh choice. A 401 (the role no longer allows it) shows why instead.
 */
export function ApiTokensList({
  tenantId,
  onAccessDenied,
}: {
  tenantId: string;
  /** Called when the server refuses the list (the user's role changed meanwhile). */
  onAccessDenied?: () => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  const tokens = useApiTokens(tenantId, { refetchInterval });
  const timeZone = useTimeZone();
  const revoke = useRevokeApiToken(tenantId);
  const [createOpen, setCreateOpen] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | undefined>(undefined);
  const denied = tokens.error instanceof ApiError && tokens.error.status === 401;
  const rows = tokens.data?.rows ?? [];
  const columnVisibility = useColumnVisibility('api-tokens');

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

  if (denied) return <RestrictedState what="API tokens" />;

  const columns: DataColumn<ApiToken>[] = [
    {
      id: 'name',
      enableHiding: false,
      header: 'Name',
      meta: { cellClassName: 'font-medium' },
      cell: ({ row: { original: token } }) => (
        <span className="block max-w-40 truncate sm:max-w-xs" title={token.name}>
          {token.name}
        </span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.metadata.createdAt} />,
    },
    {
      id: 'expires',
      header: 'Expires',
      meta: { cellClassName: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row: { original: token } }) => {
        const expires = toDate(token.expiresAt);
        // Judged at the time of the fetch, which the auto-refresh keeps recent.
        const expired = expires !== undefined && expires.getTime() <= tokens.dataUpdatedAt;
        return (
          <>
            <span title={formatTimestamp(token.expiresAt, timeZone)}>
              {formatDate(token.expiresAt, timeZone)}
            </span>
            {expired ? (
              <Badge variant="outline" className="ml-2 text-destructive">
                Expired
              </Badge>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px', cellClassName: 'text-right' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: token } }) => (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={() => setRevoking(token)}
          aria-label={`Revoke ${token.name}`}
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Revoke</span>
        </Button>
      ),
    },
  ];

  const createButton = (
    <Button onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden="true" />
      Create API token
    </Button>
  );

  return (
    <>
      <div className="@container mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {tokens.isSuccess
            ? `${rows.length} active ${rows.length === 1 ? 'token' : 'tokens'}`
            : ''}
        </p>
        <div className="flex items-center gap-2">
          <RefreshControl
            onRefresh={() => void tokens.refetch()}
            isRefreshing={tokens.isFetching}
          />
          <ColumnsMenu
            columns={columnChoices(columns)}
            hidden={columnVisibility.hidden}
            onChange={columnVisibility.setHidden}
          />
          {createButton}
        </div>
      </div>
      <Card className="overflow-hidden">
        <DataTable
          label="API tokens"
          rows={rows}
          columns={columns}
          getRowId={(token) => token.metadata.id}
          columnVisibility={columnVisibility.visibility}
          isPending={tokens.isPending}
          error={
            tokens.isError ? `Could not load API tokens: ${errorMessage(tokens.error)}` : undefined
          }
          onRetry={() => void tokens.refetch()}
          loadingLabel="Loading API tokens"
          empty={{
            title: 'No API tokens yet',
            description: 'Create a token for each worker or service that connects to this tenant.',
            action: (
              <Button variant="outline" onClick={() => setCreateOpen(true)}>
                <KeyRound aria-hidden="true" />
                Create API token
              </Button>
            ),
          }}
        />
      </Card>

      <CreateApiTokenDialog tenantId={tenantId} open={createOpen} onOpenChange={setCreateOpen} />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => {
          if (!open) setRevoking(undefined);
        }}
        title="Revoke API token"
        description={
          <>
            Revoke <span className="font-medium text-foreground">{revoking?.name}</span>? Workers
            and services using it stop working at once. This cannot be undone.
          </>
        }
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          const { name } = revoking;
          revoke.mutate(revoking.metadata.id, {
            onSuccess: () => {
              setRevoking(undefined);
              toast({
                title: 'Token revoked',
                description: `${name} no longer works.`,
                variant: 'success',
              });
            },
            onError: (error) => {
              setRevoking(undefined);
              reportApiError(error, { title: 'Could not revoke the token' });
            },
          });
        }}
      />
    </>
  );
}
