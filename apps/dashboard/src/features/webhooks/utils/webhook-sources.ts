/**
 * Incoming webhook sources and authentication types (reference dashboard 5.8): how each is
 * labelled and drawn, and what the sources with their own signature scheme fix. GitHub,
 * Stripe, Slack, Linear and Svix only ask for a signing secret; it is sent as HMAC, SHA256,
 * HEX, with the header each service signs in (the server verifies each scheme itself).
 */
import {
  CreditCard,
  GitBranch,
  Fingerprint,
  KeyRound,
  ListChecks,
  Lock,
  MessageSquare,
  Send,
  Webhook,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { V1WebhookAuthType, V1WebhookSourceName } from '@/types/api';

export interface WebhookSource {
  label: string;
  icon: LucideIcon;
  /** Fixed by the service: the header its signature arrives in, and a secret's look. */
  signed?: { header: string; secretPlaceholder: string };
  /** The event key expression this source starts with. */
  defaultExpression: string;
}

export const WEBHOOK_SOURCES: Record<V1WebhookSourceName, WebhookSource> = {
  GENERIC: { label: 'Generic', icon: Webhook, defaultExpression: 'input.id' },
  GITHUB: {
    label: 'GitHub',
    icon: GitBranch,
    signed: { header: 'X-Hub-Signature-256', secretPlaceholder: 'your-webhook-secret' },
    defaultExpression: 'input.id',
  },
  STRIPE: {
    label: 'Stripe',
    icon: CreditCard,
    signed: { header: 'Stripe-Signature', secretPlaceholder: 'whsec_...' },
    defaultExpression: 'input.id',
  },
  SLACK: {
    label: 'Slack',
    icon: MessageSquare,
    signed: { header: 'X-Slack-Signature', secretPlaceholder: 'your-signing-secret' },
    defaultExpression: 'input.type',
  },
  LINEAR: {
    label: 'Linear',
    icon: ListChecks,
    signed: { header: 'linear-signature', secretPlaceholder: 'lin_wh_...' },
    defaultExpression: 'input.id',
  },
  SVIX: {
    label: 'Svix',
    icon: Send,
    signed: { header: 'svix-signature', secretPlaceholder: 'whsec_...' },
    defaultExpression: 'input.id',
  },
};

/** The sources the create dialog offers: the reference's, then Svix (a Trellis addition). */
export const OFFERED_SOURCES: readonly V1WebhookSourceName[] = [
  'GENERIC',
  'GITHUB',
  'STRIPE',
  'SLACK',
  'LINEAR',
  'SVIX',
];

export const AUTH_TYPES: Record<V1WebhookAuthType, { label: string; icon: LucideIcon }> = {
  BASIC: { label: 'Basic', icon: Lock },
  API_KEY: { label: 'API Key', icon: KeyRound },
  HMAC: { label: 'HMAC', icon: Fingerprint },
};

export const HMAC_ALGORITHMS = ['SHA256', 'SHA1', 'SHA512', 'MD5'] as const;
export const HMAC_ENCODINGS = ['HEX', 'BASE64', 'BASE64URL'] as const;
