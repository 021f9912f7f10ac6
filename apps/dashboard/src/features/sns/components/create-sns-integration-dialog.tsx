import { useState } from 'react';
import type { FormEvent } from 'react';
import type { SnsIntegration } from '@trellis/api-contract';
import { Button } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import type { FieldErrors } from '@/lib/api-error';
import { useCreateSnsIntegration } from '../api/create-sns-integration';
import { ingestEventKey } from '../utils/ingest-url';
import { TOPIC_ARN_EXAMPLE, TOPIC_ARN_MAX, validateTopicArn } from '../utils/topic-arn';

/**
 * "Create a new SNS integration" (reference 5.16.7): the topic's ARN, then, in the same
 * dialog, the URL to subscribe to the topic. One dialog for both steps, so the switch does not
 * close and reopen it. Loaded when first opened.
 */
export default function CreateSnsIntegrationDialog({
  tenantId,
  onClose,
}: {
  tenantId: string;
  onClose: () => void;
}) {
  const [topicArn, setTopicArn] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<SnsIntegration | undefined>(undefined);
  const create = useCreateSnsIntegration(tenantId);

  const close = () => {
    // The answer of a pending request would have nowhere to go.
    if (!create.isPending) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = validateTopicArn(topicArn);
    if (error) {
      setErrors({ topicArn: error });
      return;
    }
    create.mutate(topicArn.trim(), {
      onSuccess: setCreated,
      onError: (failure) =>
        reportApiError(failure, {
          onFieldErrors: setErrors,
          fields: ['topicArn'],
          title: 'Could not create the integration',
        }),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-xl">
        {created ? (
          <IngestUrlStage integration={created} onDone={onClose} />
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-5">
            <DialogHeader
              title="Create a new SNS integration"
              description="Messages published to the topic become events of this tenant."
            />
            <Field
              label="Topic ARN"
              error={errors.topicArn}
              hint="As the Amazon SNS console shows it on the topic's page."
            >
              <Input
                name="topicArn"
                placeholder={TOPIC_ARN_EXAMPLE}
                value={topicArn}
                maxLength={TOPIC_ARN_MAX}
                autoComplete="off"
                spellCheck={false}
                autoFocus
                className="font-mono"
                onChange={(event) => {
                  setTopicArn(event.target.value);
                  setErrors({});
                }}
              />
            </Field>
            <DialogFooter>
              <Button variant="ghost" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create integration
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The second step: where SNS must deliver, and how to subscribe it. */
function IngestUrlStage({
  integration,
  onDone,
}: {
  integration: SnsIntegration;
  onDone: () => void;
}) {
  const url = integration.ingestUrl;
  return (
    <>
      <DialogHeader
        title="Use this ingestion URL"
        description={
          <>
            Subscribe it to <span className="font-mono break-all">{integration.topicArn}</span> as
            an HTTPS endpoint.
          </>
        }
      />
      {url ? (
        <>
          <CodeBlock code={url} label="ingest URL" caption="Ingest URL" wrap />
          <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground">
            <li>
              In the Amazon SNS console, create a subscription to the topic with the HTTPS protocol
              and this URL as its endpoint.
            </li>
            <li>
              Trellis confirms the subscription when SNS asks. Each message published to the topic
              then becomes an event with the key{' '}
              <code className="font-mono text-foreground">{ingestEventKey(url)}</code>; end the URL
              with another key to name them otherwise.
            </li>
          </ol>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">The server sent no ingest URL for it.</p>
      )}
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
