import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RestrictedState } from '@/components/layout/restricted-state';
import { Badge } from '@/components/ui/badge';
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
import { useTimeZone } from '@/hooks/use-time-zone';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatDate, formatTimestamp, toDate } from '@/lib/format';
import type { ApiToken } from '@/types/api';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenDialog } from './create-api-token-dialog';

const COLUMNS = 4;

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

  useEffect(() => {
    if (denied) onAccessDenied?.();
  }, [denied, onAccessDenied]);

  if (denied) return <RestrictedState what="API tokens" />;

  const createButton = (
    <Button onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden="true" />
      Create API token
    </Button>
  );

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
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
          {createButton}
        </div>
      </div>
      <Card className="overflow-hidden">
        <Table aria-label="API tokens" aria-busy={tokens.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Created</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead className="w-px">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tokens.isPending ? (
              <TableLoadingRows columns={COLUMNS} label="Loading API tokens" />
            ) : tokens.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load API tokens: ${errorMessage(tokens.error)}`}
                onRetry={() => void tokens.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No API tokens yet"
                description="Create a token for each worker or service that connects to this tenant."
                action={
                  <Button variant="outline" onClick={() => setCreateOpen(true)}>
                    <KeyRound aria-hidden="true" />
                    Create API token
                  </Button>
                }
              />
            ) : (
              rows.map((token) => {
                const expires = toDate(token.expiresAt);
                // Judged at the time of the fetch, which the auto-refresh keeps recent.
                const expired = expires !== undefined && expires.getTime() <= tokens.dataUpdatedAt;
                return (
                  <TableRow key={token.metadata.id}>
                    <TableCell className="font-medium">
                      <span className="block max-w-40 truncate sm:max-w-xs" title={token.name}>
                        {token.name}
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={token.metadata.createdAt} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <span title={formatTimestamp(token.expiresAt, timeZone)}>
                        {formatDate(token.expiresAt, timeZone)}
                      </span>
                      {expired ? (
                        <Badge variant="outline" className="ml-2 text-destructive">
                          Expired
                        </Badge>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right">
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
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
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
