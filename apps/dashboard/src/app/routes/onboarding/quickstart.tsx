/**
 * The quickstart steps, shared by /onboarding/get-started and the tenant's get-started
 * screen: install the official SDK, create an API token on demand, write a worker, start it.
 * It composes the API-token and worker features, so it lives here in `app`.
 */
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { CodeBlock } from '@/components/ui/code-block';
import { tenantHref } from '@/config/paths';
import { useCreateApiToken } from '@/features/api-tokens/api/create-api-token';
import { decodeTokenClaims } from '@/features/api-tokens/utils/token-claims';
import { QuickstartStep } from '@/features/quickstart/components/quickstart-step';
import {
  INSTALL_COMMAND,
  RUN_COMMAND,
  WORKER_FILE,
  WORKER_SNIPPET,
  envSnippet,
} from '@/features/quickstart/utils/snippets';
import { WorkerConnectionStatus } from '@/features/workers/components/worker-connection-status';
import { reportApiError } from '@/hooks/report-api-error';
import { canManageAccess } from '@/lib/roles';
import type { TenantMemberRole } from '@/types/api';

/** The token the quickstart creates: a recognisable name and a 3-month lifetime. */
export const QUICKSTART_TOKEN = { name: 'Quickstart', expiresIn: '7776000s' } as const;

const wrapCode = '[&_pre]:whitespace-pre-wrap [&_pre]:[overflow-wrap:anywhere]';

export function Quickstart({
  tenantId,
  role,
}: {
  tenantId: string;
  role: TenantMemberRole | undefined;
}) {
  const create = useCreateApiToken(tenantId);
  const [token, setToken] = useState<string | undefined>(undefined);
  const claims = token ? decodeTokenClaims(token) : undefined;

  const createToken = () =>
    create.mutate(QUICKSTART_TOKEN, {
      onSuccess: (result) => setToken(result.token),
      onError: (error) => reportApiError(error, { title: 'Could not create a token' }),
    });

  return (
    <ol className="grid">
      <QuickstartStep
        number={1}
        title="Install the SDK"
        description={
          <>
            Trellis speaks the protocol of Hatchet&apos;s official TypeScript SDK. Add it to a
            Node.js project:
          </>
        }
      >
        <CodeBlock caption="Terminal" label="install command" code={INSTALL_COMMAND} />
      </QuickstartStep>

      <QuickstartStep
        number={2}
        title="Create an API token"
        description="The worker signs in with a token of this tenant. The SDK reads it, and whether to use TLS, from the environment."
      >
        {token ? (
          <>
            <Callout variant="warning" title="Copy the token now: it is shown only once">
              It is listed as &quot;{QUICKSTART_TOKEN.name}&quot; under{' '}
              <Link
                to={tenantHref(tenantId, 'tenant-settings/api-tokens')}
                className="font-medium text-foreground underline underline-offset-2"
              >
                API tokens
              </Link>
              , where you can revoke it; the token itself cannot be shown again.
            </Callout>
            <CodeBlock
              caption="Terminal"
              label="environment variables"
              code={envSnippet(token)}
              className={wrapCode}
            />
            {claims?.serverUrl || claims?.grpcAddress ? (
              <p className="text-xs text-muted-foreground">
                The SDK finds the server through the token: API at{' '}
                <code className="font-mono text-foreground">{claims.serverUrl ?? 'unknown'}</code>,
                engine (gRPC) at{' '}
                <code className="font-mono text-foreground">{claims.grpcAddress ?? 'unknown'}</code>
                .
              </p>
            ) : null}
          </>
        ) : canManageAccess(role) ? (
          <div className="flex flex-col items-start gap-2">
            <Button onClick={createToken} loading={create.isPending}>
              <KeyRound aria-hidden="true" />
              Create API token
            </Button>
            <p className="text-xs text-muted-foreground">
              Creates a token named &quot;{QUICKSTART_TOKEN.name}&quot; that expires in 3 months.
            </p>
          </div>
        ) : (
          <>
            <Callout title="Ask an owner or admin for a token">
              Only owners and admins of this tenant can create API tokens. Put the token you get in
              place of {'<your-api-token>'}.
            </Callout>
            <CodeBlock
              caption="Terminal"
              label="environment variables"
              code={envSnippet()}
              className={wrapCode}
            />
          </>
        )}
        <p className="text-xs text-muted-foreground">
          <code className="font-mono">HATCHET_CLIENT_TLS_STRATEGY=none</code>: a Trellis server
          without TLS certificates serves plain gRPC. Leave the line out if yours has TLS set up.
        </p>
      </QuickstartStep>

      <QuickstartStep
        number={3}
        title="Write a worker"
        description={
          <>
            Save this as <code className="font-mono text-foreground">{WORKER_FILE}</code>. It
            declares one task and starts a worker that runs it.
          </>
        }
      >
        <CodeBlock caption={WORKER_FILE} label="worker code" code={WORKER_SNIPPET} />
      </QuickstartStep>

      <QuickstartStep
        number={4}
        title="Start the worker"
        description="In the terminal where you set the variables:"
      >
        <CodeBlock caption="Terminal" label="start command" code={RUN_COMMAND} />
        <WorkerConnectionStatus tenantId={tenantId} grpcAddress={claims?.grpcAddress} />
      </QuickstartStep>
    </ol>
  );
}
