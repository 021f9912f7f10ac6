import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { CurrentUserIdContext } from '@/hooks/current-user-id';
import { ApiError } from '@/lib/api-error';
import { TopBar } from '../layout/top-bar';

/**
 * Frame of every signed-in page: the top bar over the page. The route's loader has already
 * checked the session; this only reacts when it ends later (a refetch answers 401/403).
 */
export default function AuthenticatedLayout() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const signedOut = user.error instanceof ApiError && user.error.isUnauthenticated;

  useEffect(() => {
    if (signedOut) void navigate(paths.auth.login.href(), { replace: true });
  }, [signedOut, navigate]);

  return (
    <CurrentUserIdContext value={user.data?.metadata.id}>
      <div className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <TopBar />
        <div className="flex min-h-0 flex-1">
          <Outlet />
        </div>
      </div>
    </CurrentUserIdContext>
  );
}
