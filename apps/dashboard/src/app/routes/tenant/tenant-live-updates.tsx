import { useMatches } from 'react-router';
import type { ReactNode } from 'react';
import type { TenantScreen } from '@/config/paths';
import { LiveUpdatesProvider } from '@/features/live/live-updates-provider';
import { isLiveScreen, liveQueryKeys, liveRefetchWindow, patchLiveRows } from './live-coverage';

/** The tenant's live updates, with what they keep fresh in this dashboard (live-coverage.ts). */
export function TenantLiveUpdates({
  tenantId,
  children,
}: {
  tenantId: string;
  children: ReactNode;
}) {
  const handle = useMatches().at(-1)?.handle as { screen?: TenantScreen } | undefined;
  return (
    <LiveUpdatesProvider
      tenantId={tenantId}
      queryKeysFor={liveQueryKeys}
      patchCache={patchLiveRows}
      refetchWindow={liveRefetchWindow}
      coversScreen={isLiveScreen(handle?.screen?.path)}
    >
      {children}
    </LiveUpdatesProvider>
  );
}
