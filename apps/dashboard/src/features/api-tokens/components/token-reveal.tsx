import { Callout } from '@/components/ui/callout';
import { CopyButton } from '@/components/ui/copy-button';
import { TOKEN_ENV_VAR } from '../utils/token-options';

/**
 * A newly created token, shown once: a warning that it cannot be shown again, the token, and
 * buttons to copy it bare or as the environment variable line the SDKs read.
 */
export function TokenReveal({ token }: { token: string }) {
  return (
    <div className="grid min-w-0 gap-4">
      <Callout variant="warning" title="Copy this token now: it is shown only once">
        Trellis stores no readable copy of it. When you close this, the token cannot be shown again;
        if it is lost, revoke it and create a new one.
      </Callout>
      <div className="grid gap-2">
        <p className="text-[13px] font-medium text-foreground">API token</p>
        <div className="max-h-32 overflow-y-auto rounded-lg border border-border bg-muted/30 px-3 py-2.5">
          <code
            data-testid="api-token-value"
            className="font-mono text-xs leading-relaxed break-all text-foreground select-all"
          >
            {token}
          </code>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyButton
            value={token}
            label="API token"
            withText
            text="Copy API token"
            variant="outline"
          />
          <CopyButton
            value={`${TOKEN_ENV_VAR}=${token}`}
            label="environment variable"
            withText
            text="Copy environment variable"
            variant="outline"
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Workers and clients built with the Hatchet SDKs read the token from the{' '}
          <code className="font-mono">{TOKEN_ENV_VAR}</code> environment variable.
        </p>
      </div>
    </div>
  );
}
