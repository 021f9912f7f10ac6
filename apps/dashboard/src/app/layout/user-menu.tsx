import {
  CircleUser,
  Globe,
  KeyRound,
  LogOut,
  Mail,
  Monitor,
  Moon,
  Sun,
  SunMoon,
} from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { useUserInvites } from '@/features/invites/api/get-user-invites';
import { useMeta } from '@/features/meta/api/get-meta';
import { useVersion } from '@/features/meta/api/get-version';
import { useTheme } from '@/hooks/use-theme';
import type { Theme } from '@/hooks/use-theme';
import { useTimeZonePreference } from '@/hooks/use-time-zone';
import { BROWSER_TIME_ZONE } from '@/lib/time-zone';

// Its own chunk, with the zone search: fetched when the user first opens it.
const TimeZoneDialog = lazy(() =>
  import('./time-zone-dialog').then((module) => ({ default: module.TimeZoneDialog })),
);

const ChangePasswordDialog = lazy(() =>
  import('@/features/auth/components/change-password-dialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

/**
 * Account menu: who is signed in, invites, server version, theme, time zone, password, sign
 * out.
 */
export function UserMenu() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  // Unverified users may not list invites yet (the server answers 401).
  const verified = user.data?.emailVerified === true;
  const invites = useUserInvites({ poll: verified, enabled: verified });
  const version = useVersion();
  const { theme, setTheme, toggleTheme } = useTheme();
  const { preference: timeZone } = useTimeZonePreference();
  const [timeZoneOpen, setTimeZoneOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const meta = useMeta();
  // Accounts without a password (signed in through a provider) have none to change; the
  // server refuses unverified users, who are sent to verify first.
  const canChangePassword =
    verified && user.data?.hasPassword !== false && meta.data?.allowChangePassword !== false;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  const pendingInvites = invites.data?.rows.length ?? 0;

  const signOut = () => logout.mutate();

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild ref={triggerRef}>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={
              pendingInvites > 0 ? `User menu, ${pendingInvites} pending invites` : 'User menu'
            }
            className="relative"
          >
            <CircleUser className="size-5!" aria-hidden="true" />
            {pendingInvites > 0 ? (
              <span className="absolute top-1 right-1 size-2 animate-pulse rounded-full bg-primary ring-2 ring-background" />
            ) : null}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <div className="px-2 py-2">
            <p className="truncate text-sm font-medium text-foreground">
              {user.data?.name || user.data?.email || 'Signed in'}
            </p>
            {user.data?.email ? (
              <p className="truncate text-xs text-muted-foreground">{user.data.email}</p>
            ) : null}
          </div>
          <DropdownMenuSeparator />
          {pendingInvites > 0 ? (
            <DropdownMenuItem onSelect={() => void navigate(paths.onboarding.invites.href())}>
              <Mail aria-hidden="true" />
              Invites ({pendingInvites})
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={toggleTheme}>
            <SunMoon aria-hidden="true" />
            Toggle theme
          </DropdownMenuItem>
          <DropdownMenuLabel className="pt-2">Theme</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            <DropdownMenuRadioItem value="light">
              <Sun aria-hidden="true" /> Light
            </DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="dark">
              <Moon aria-hidden="true" /> Dark
            </DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="system">
              <Monitor aria-hidden="true" /> System
            </DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setTimeZoneOpen(true)}>
            <Globe aria-hidden="true" />
            Time zone
            <span className="ml-auto min-w-0 truncate text-xs text-muted-foreground">
              {timeZone === BROWSER_TIME_ZONE ? 'Browser' : timeZone}
            </span>
          </DropdownMenuItem>
          {canChangePassword ? (
            <DropdownMenuItem onSelect={() => setPasswordOpen(true)}>
              <KeyRound aria-hidden="true" />
              Change password
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={signOut} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <div className="flex items-center gap-2 px-2 py-1.5 text-xs text-muted-foreground">
            {version.isPending ? (
              <>
                <Spinner className="size-3" /> Loading version
              </>
            ) : version.isError ? (
              <span className="text-destructive">Version unavailable</span>
            ) : (
              <span className="font-mono">Trellis {version.data.version}</span>
            )}
          </div>
        </DropdownMenuContent>
      </DropdownMenu>
      {timeZoneOpen ? (
        <Suspense fallback={null}>
          <TimeZoneDialog
            open
            onOpenChange={setTimeZoneOpen}
            // Opened from the menu, which has closed by then: back to the button that opened it.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {passwordOpen ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setPasswordOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
