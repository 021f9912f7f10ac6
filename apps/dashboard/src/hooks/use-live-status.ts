/**
 * What shared code reads of the tenant's live updates (features/live opens the stream and
 * provides this): whether changes arrive as they happen, and whether that keeps every list of
 * the current screen fresh. Outside a tenant there is no stream: 'offline', nothing covered.
 */
import { createContext, useContext } from 'react';

/** 'live': the stream is open; 'connecting': opening or reconnecting; 'offline': none now. */
export type LiveStatus = 'live' | 'connecting' | 'offline';

export interface LiveState {
  status: LiveStatus;
  /** The stream names every change the current screen shows: its lists need not poll. */
  coversScreen: boolean;
}

export const LiveStateContext = createContext<LiveState>({
  status: 'offline',
  coversScreen: false,
});

export function useLiveStatus(): LiveStatus {
  return useContext(LiveStateContext).status;
}

/** True while the stream is open and keeps the current screen fresh on its own. */
export function useScreenIsLive(): boolean {
  const { status, coversScreen } = useContext(LiveStateContext);
  return status === 'live' && coversScreen;
}
