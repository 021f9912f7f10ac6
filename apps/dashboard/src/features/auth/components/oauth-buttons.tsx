import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { AuthScheme } from '@/types/api';

/**
 * Provider sign-in. Plain links, not API calls: the browser follows the server's redirect
 * to the provider and back.
 */
export function OAuthButtons({ schemes }: { schemes: AuthScheme[] }) {
  const providers = schemes.filter((scheme) => scheme !== 'basic');
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-2">
      {providers.includes('google') ? (
        <a href={paths.oauth.google} className={cn(buttonClasses('outline'), 'w-full')}>
          <GoogleMark />
          Continue with Google
        </a>
      ) : null}
      {providers.includes('github') ? (
        <a href={paths.oauth.github} className={cn(buttonClasses('outline'), 'w-full')}>
          <GitHubMark />
          Continue with GitHub
        </a>
      ) : null}
    </div>
  );
}

/** "Or continue with" rule between the form and the provider buttons. */
export function AuthDivider({ label = 'Or continue with' }: { label?: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground" role="separator">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** The sentence under the title, by enabled methods. */
export function authPrompt(schemes: AuthScheme[], action: 'sign in' | 'sign up'): string {
  const basic = schemes.includes('basic');
  const providers = schemes.some((scheme) => scheme !== 'basic');
  if (basic && providers) return `Use your email and password, or ${action} with a provider.`;
  if (basic) {
    return action === 'sign in'
      ? 'Enter your email and password to sign in.'
      : 'Enter your details to create an account.';
  }
  if (providers) return `Choose a provider to ${action}.`;
  return 'No login methods are enabled.';
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.44.35-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
      />
    </svg>
  );
}

function GitHubMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.53-1.33-1.28-1.69-1.28-1.69-1.05-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.04 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.58.23 2.75.11 3.04.74.81 1.19 1.83 1.19 3.09 0 4.41-2.69 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5z" />
    </svg>
  );
}
