import { Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { CodeBlock } from '@/components/ui/code-block';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { Sheet } from '@/components/ui/sheet';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import type { V1Webhook } from '@/types/api';
import { curlExample } from '../utils/curl-example';
import { WEBHOOK_SOURCES } from '../utils/webhook-sources';
import { webhookReceiveUrl } from '../utils/webhook-url';
import { ExpressionInlineEdit } from './expression-inline-edit';
import { ReceiveUrl } from './receive-url';
import { AuthTypeLabel, SourceLabel } from './webhook-labels';
import { EXPRESSION_HINT } from './webhook-expression-hint';
import {
  WEBHOOK_REQUESTS_LIST,
  WEBHOOK_REQUEST_COLUMN_CHOICES,
  WebhookRequestsTable,
} from './webhook-requests-table';

/**
 * One webhook (a Trellis addition): where it receives, how it names events, a command to
 * send it a test request, and the latest requests it received with how each was answered.
 */
export default function WebhookPanel({
  tenantId,
  name,
  webhook,
  origin,
  canEdit,
  onDelete,
  onClose,
}: {
  tenantId: string;
  name: string;
  /** Undefined when no webhook has this name (deleted, or a stale link). */
  webhook: V1Webhook | undefined;
  origin: string;
  canEdit: boolean;
  onDelete: (webhook: V1Webhook) => void;
  onClose: () => void;
}) {
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title={`Webhook ${name}`}>
      <div className="p-4 sm:p-6">
        {webhook ? (
          <WebhookDetail
            tenantId={tenantId}
            webhook={webhook}
            origin={origin}
            canEdit={canEdit}
            onDelete={onDelete}
          />
        ) : (
          <EmptyState
            icon={<WebhookIcon />}
            title="Webhook not found"
            description={`No webhook of this tenant is named "${name}". It may have been deleted.`}
          />
        )}
      </div>
    </Sheet>
  );
}

function WebhookDetail({
  tenantId,
  webhook,
  origin,
  canEdit,
  onDelete,
}: {
  tenantId: string;
  webhook: V1Webhook;
  origin: string;
  canEdit: boolean;
  onDelete: (webhook: V1Webhook) => void;
}) {
  const url = webhookReceiveUrl(origin, tenantId, webhook.name);
  const signed = WEBHOOK_SOURCES[webhook.sourceName]?.signed;
  const requestColumns = useColumnVisibility(WEBHOOK_REQUESTS_LIST);
  return (
    <article
      className="grid grid-cols-[minmax(0,1fr)] gap-6"
      aria-label={`Webhook ${webhook.name}`}
    >
      <header className="grid grid-cols-[minmax(0,1fr)] gap-2 pr-8">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Webhook</p>
        <h2 className="truncate font-mono text-lg font-semibold" title={webhook.name}>
          {webhook.name}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
          <SourceLabel source={webhook.sourceName} />
          <AuthTypeLabel authType={webhook.authType} />
          <span>
            Created <RelativeTime value={webhook.metadata.createdAt} />
          </span>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button variant="destructive-outline" size="sm" onClick={() => onDelete(webhook)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </header>

      <Section
        title="Receive URL"
        description="Requests to this URL, sent with POST, become events."
      >
        <ReceiveUrl url={url} />
      </Section>

      <Section title="Event key expression" description={EXPRESSION_HINT}>
        {canEdit ? (
          <ExpressionInlineEdit tenantId={tenantId} webhook={webhook} framed />
        ) : (
          <code className="font-mono text-sm">{webhook.eventKeyExpression}</code>
        )}
        {webhook.scopeExpression ? (
          <p className="text-sm text-muted-foreground">
            Scope: <code className="font-mono text-foreground">{webhook.scopeExpression}</code>
          </p>
        ) : null}
      </Section>

      <Section
        title="Send a test request"
        description={
          signed
            ? `Signed as ${WEBHOOK_SOURCES[webhook.sourceName].label} signs. Put the signing secret in WEBHOOK_SECRET; it is not shown after the webhook is created.`
            : 'Fill in the credentials and the names chosen when the webhook was created; they are not shown afterwards.'
        }
      >
        <CodeBlock
          label="test request command"
          wrap
          code={curlExample({
            url,
            sourceName: webhook.sourceName,
            authType: webhook.authType,
            auth: {},
          })}
        />
      </Section>

      <Section
        title="Latest requests"
        description="What this webhook received, newest first, and how it answered."
        actions={
          <ColumnsMenu
            columns={WEBHOOK_REQUEST_COLUMN_CHOICES}
            hidden={requestColumns.hidden}
            onChange={requestColumns.setHidden}
            of="Latest requests"
          />
        }
      >
        <WebhookRequestsTable
          tenantId={tenantId}
          name={webhook.name}
          columnVisibility={requestColumns.visibility}
        />
      </Section>
    </article>
  );
}
