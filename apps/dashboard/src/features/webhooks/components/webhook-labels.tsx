import type { V1WebhookAuthType, V1WebhookSourceName } from '@/types/api';
import { AUTH_TYPES, WEBHOOK_SOURCES } from '../utils/webhook-sources';

/** A webhook's source with its icon: "GitHub", "Generic". */
export function SourceLabel({ source }: { source: V1WebhookSourceName }) {
  const { label, icon: Icon } = WEBHOOK_SOURCES[source] ?? WEBHOOK_SOURCES.GENERIC;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {label}
    </span>
  );
}

/** How a webhook authenticates requests, with its icon: "Basic", "API Key", "HMAC". */
export function AuthTypeLabel({ authType }: { authType: V1WebhookAuthType }) {
  const { label, icon: Icon } = AUTH_TYPES[authType] ?? AUTH_TYPES.HMAC;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {label}
    </span>
  );
}
