/**
 * A tenant's live updates, mounted once per tenant: opens its event stream, turns each change
 * into invalidations of the queries it touches, and tells shared code the stream's status
 * (hooks/use-live-status.ts), so lists the stream keeps fresh stop polling while it is live.
 *
 * Which queries a change touches is the app's to say (`queryKeysFor`): the query keys belong
 * to the features, and only src/app composes features.
 */
import { focusManager, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { LiveStateContext } from '@/hooks/use-live-status';
import type { LiveStatus } from '@/hooks/use-live-status';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { V1LiveChanges } from '@/types/api';
import { InvalidationBatcher } from './invalidation-batcher';
import { openLiveStream } from './live-stream';

export type QueryKeysForChanges = (tenantId: string, changes: V1LiveChanges) => QueryKey[];

export function LiveUpdatesProvider({
  tenantId,
  queryKeysFor,
  coversScreen,
  children,
}: {
  tenantId: string;
  /** The queries a change touches (prefixes); a stable function. */
  queryKeysFor: QueryKeysForChanges;
  /** The stream names every change the current screen shows. */
  coversScreen: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { frozen } = useRefetchInterval();
  const frozenRef = useRef(frozen);
  useEffect(() => {
    frozenRef.current = frozen;
  }, [frozen]);

  useEffect(() => {
    // Frozen: nothing refreshes on its own. In a hidden tab, refetches wait for its return
    // (TanStack refetches stale queries on focus), as polling does.
    const batcher = new InvalidationBatcher(queryClient, () =>
      frozenRef.current || !focusManager.isFocused() ? 'none' : 'active',
    );
    const close = openLiveStream(tenantId, {
      onStatus: setStatus,
      onChanges: (changes) => batcher.add(queryKeysFor(tenantId, changes)),
    });
    return () => {
      close();
      batcher.dispose();
    };
  }, [queryClient, tenantId, queryKeysFor]);

  const value = useMemo(() => ({ status, coversScreen }), [status, coversScreen]);
  return <LiveStateContext.Provider value={value}>{children}</LiveStateContext.Provider>;
}
