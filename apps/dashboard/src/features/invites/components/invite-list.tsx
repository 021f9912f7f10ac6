import { Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { reportApiError } from '@/hooks/report-api-error';
import { formatRelativeTime } from '@/lib/format';
import type { TenantInvite } from '@/types/api';
import { useAcceptInvite } from '../api/accept-invite';
import { useRejectInvite } from '../api/reject-invite';

interface InviteListProps {
  invites: TenantInvite[];
  onAccepted: (invite: TenantInvite) => void | Promise<void>;
  onDeclined: (invite: TenantInvite) => void | Promise<void>;
}

/** Title for the invites screen: one tenant by name, several as "your teams". */
export function invitesTitle(invites: TenantInvite[]): string {
  if (invites.length === 1) return `Join ${invites[0]?.tenantName ?? 'a tenant'}`;
  return 'Join your teams';
}

export function InviteList({ invites, onAccepted, onDeclined }: InviteListProps) {
  const accept = useAcceptInvite();
  const reject = useRejectInvite();
  const busyId = accept.isPending
    ? accept.variables
    : reject.isPending
      ? reject.variables
      : undefined;

  return (
    <ul className="grid gap-3">
      {invites.map((invite) => {
        const id = invite.metadata.id;
        const tenantName = invite.tenantName ?? 'a tenant';
        return (
          <li key={id}>
            <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <div className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Mail className="size-4" aria-hidden="true" />
                </div>
                <div className="min-w-0">
                  <p className="text-sm text-foreground">
                    You are invited to join <span className="font-semibold">{tenantName}</span>
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant="outline">{invite.role}</Badge>
                    <span>Expires {formatRelativeTime(invite.expires).toLowerCase()}</span>
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busyId !== undefined}
                  loading={reject.isPending && busyId === id}
                  onClick={() =>
                    reject.mutate(id, {
                      onSuccess: () => onDeclined(invite),
                      onError: (error) => reportApiError(error),
                    })
                  }
                >
                  Decline
                </Button>
                <Button
                  size="sm"
                  disabled={busyId !== undefined}
                  loading={accept.isPending && busyId === id}
                  onClick={() =>
                    accept.mutate(id, {
                      onSuccess: () => onAccepted(invite),
                      onError: (error) => reportApiError(error),
                    })
                  }
                >
                  Accept
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
