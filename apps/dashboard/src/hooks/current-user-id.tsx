import { createContext, useContext } from 'react';

/**
 * The signed-in user's id, for preferences kept per user in this browser (several people may
 * sign in on one machine). Provided by the signed-in frame, which knows the user; shared code
 * reads it here instead of importing the auth feature.
 */
export const CurrentUserIdContext = createContext<string | undefined>(undefined);

/** The signed-in user's id, or undefined outside the signed-in frame (and while it loads). */
export function useCurrentUserId(): string | undefined {
  return useContext(CurrentUserIdContext);
}
