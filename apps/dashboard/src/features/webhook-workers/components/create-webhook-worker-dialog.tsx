import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { WebhookWorkerCreated } from '@trellis/api-contract';
import { Button } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { reportApiError } from '@/hooks/report-api-error';
import type { FieldErrors } from '@/lib/api-error';
import { useCreateWebhookWorker, useWebhookWorkerRequests } from '../api/webhook-workers';
import { validateWebhookWorkerForm, WEBHOOK_WORKER_FIELD_MAX } from '../utils/webhook-worker-form';
import { WebhookWorkerRequests } from './webhook-worker-requests';

/**
 * "Create Webhook Endpoint" (reference 5.14), one dialog in three stages: the URL and a
 * friendly name; the secret, shown once, and a connection test; "Connected!" on the first
 * 2xx answer. Loaded when first opened.
 */
export default function CreateWebhookWorkerDialog({
  tenantId,
  onClose,
}: {
  tenantId: string;
  onClose: () => void;
}) {
  const [created, setCreated] = useState<WebhookWorkerCreated | undefined>(undefined);
  const create = useCreateWebhookWorker(tenantId);
  const close = () => {
    // The answer of a pending request would have nowhere to go.
    if (!create.isPending) onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-xl">
        {created ? (
          <SecretStage worker={created} onDone={onClose} />
        ) : (
          <EndpointStage
            pending={create.isPending}
            onCancel={close}
            onSubmit={(request, onFieldErrors) =>
              create.mutate(request, {
                onSuccess: setCreated,
                onError: (failure) =>
                  reportApiError(failure, {
                    onFieldErrors,
                    fields: ['url', 'name'],
                    title: 'Could not create the webhook worker',
                  }),
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EndpointStage({
  pending,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (
    request: { name: string; url: string },
    onFieldErrors: (errors: FieldErrors) => void,
  ) => void;
}) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateWebhookWorkerForm({ url, name });
    if (Object.keys(problems).length > 0) return setErrors(problems);
    // The friendly name defaults to the URL.
    onSubmit({ url: url.trim(), name: name.trim() || url.trim() }, setErrors);
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader
        title="Create a New Webhook Worker"
        description="Trellis sends the tasks this endpoint serves to it as signed HTTP requests."
      />
      <Field
        label="URL"
        error={errors.url}
        hint="The full URL of the endpoint, including the path."
      >
        <Input
          name="url"
          type="url"
          placeholder="https://worker.example.com/api/hatchet"
          value={url}
          maxLength={WEBHOOK_WORKER_FIELD_MAX}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setErrors({});
          }}
        />
      </Field>
      <Field label="Friendly Name (optional)" error={errors.name} hint="Defaults to the URL.">
        <Input
          name="name"
          value={name}
          maxLength={WEBHOOK_WORKER_FIELD_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setErrors({});
          }}
        />
      </Field>
      <DialogFooter>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Continue
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The secret, once, and the connection test that waits for the server's requests. */
function SecretStage({ worker, onDone }: { worker: WebhookWorkerCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [testing, setTesting] = useState(false);
  const requests = useWebhookWorkerRequests(worker.metadata.id, { poll: testing });
  // Requests since the worker was created: the server checks it at once and every few seconds
  // until it answers, so an answer that came before the click counts too.
  const seen = testing ? (requests.data?.requests ?? []) : [];
  const connected = seen.some((request) => request.statusCode >= 200 && request.statusCode < 300);

  if (connected) {
    return (
      <>
        <DialogHeader
          title="Connected!"
          description="Your webhook worker answered: tasks it serves are sent to it from now on."
        />
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          {worker.name} is connected.
        </p>
        <DialogFooter>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <>
      <DialogHeader
        title="Keep it secret, keep it safe"
        description="Set this value in your app's environment: the worker checks each request's signature with it."
      />
      {/* The copy button inside is the only button: a click there means the secret was copied. */}
      <div onClick={() => setCopied(true)}>
        <CodeBlock
          code={`HATCHET_WEBHOOK_SECRET=${worker.secret}`}
          label="secret"
          caption="Secret"
          wrap
        />
      </div>
      <p className="text-sm text-muted-foreground">
        This secret is shown only once. Copy it before you continue.
      </p>
      {testing ? (
        seen.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner className="size-4" />
            Attempting to connect...
          </p>
        ) : (
          <div className="max-h-48 overflow-y-auto rounded-lg border border-border p-3">
            <WebhookWorkerRequests requests={seen} label="Connection attempts" />
          </div>
        )
      ) : null}
      <DialogFooter>
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
        <Button onClick={() => setTesting(true)} disabled={!copied || testing}>
          Test Connection
        </Button>
      </DialogFooter>
    </>
  );
}
