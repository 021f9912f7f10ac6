/**
 * An Amazon SNS message delivered to `POST /api/v1/sns/{tenant}/{event}`, from its text to what
 * it does. Nothing is fetched or stored before the message is known to be well formed and of a
 * topic the tenant integrated; nothing is stored unless its signature holds.
 *
 * - **Signature** (versions 1 and 2): checked by sns-payload-validator, which fetches the signing
 *   certificate only from `https://sns.<region>.amazonaws.com/SimpleNotificationService-….pem`
 *   (and caches it); here the certificate's host must also be in the region of the message's
 *   topic, so a message cannot send us to another region's host.
 * - **SubscriptionConfirmation**: confirmed by fetching its SubscribeURL, which must be the same
 *   region's SNS host asking for ConfirmSubscription.
 * - **UnsubscribeConfirmation**: acknowledged. Its SubscribeURL would subscribe again, which is
 *   not what the one who unsubscribed wants, so it is not followed.
 * - **Notification**: ingested as an event with the path's key and the whole message as payload.
 */
import type { Agent } from 'node:https';
import { get } from 'node:https';
import Validator from 'sns-payload-validator';
import type { Queryable } from '@trellis/db';
import type { EngineApi } from '@trellis/engine';
import { limitRefusalsAs429 } from '../resource-limits/limit-refusals';
import type { ResourceLimits } from '../resource-limits/resource-limits';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error';
import { findSnsIntegrationByTopic } from './sns-integration.queries';

const TYPES = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;
type SnsType = (typeof TYPES)[number];

/** The fields every SNS message carries that decide what is done with it. */
interface SnsMessage {
  Type: SnsType;
  TopicArn: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  [field: string]: unknown;
}

/** How long fetching a certificate or confirming a subscription may take. */
const FETCH_TIMEOUT_MS = 10_000;

export interface SnsReceiver {
  receive(
    tenantId: string,
    eventKey: string,
    body: string,
  ): Promise<{ outcome: 'ingested'; eventId: string } | { outcome: SnsType }>;
}

export function createSnsReceiver(deps: {
  db: Queryable;
  engine: EngineApi;
  resourceLimits: ResourceLimits;
  /** How certificates and confirmations are fetched (keep-alive, timeout; tests resolve SNS hosts locally). */
  agent: Agent;
}): SnsReceiver {
  const validator = new Validator({ useCache: true, maxCerts: 100, requestAgent: deps.agent });
  return {
    async receive(tenantId, eventKey, body) {
      const message = parseMessage(body);
      const region = topicRegion(message.TopicArn);
      const integration = await findSnsIntegrationByTopic(deps.db, tenantId, message.TopicArn);
      if (!integration) throw notFound(`no SNS integration for topic ${message.TopicArn}`);
      if (snsHostRegion(message.SigningCertURL) !== region) {
        throw forbidden('the signing certificate is not hosted by SNS in the topic’s region');
      }
      try {
        await validator.validate(body);
      } catch (error) {
        throw forbidden(`the message's signature does not hold: ${(error as Error).message}`);
      }
      if (message.Type === 'SubscriptionConfirmation') {
        await confirm(message.SubscribeURL, region, deps.agent);
        return { outcome: message.Type };
      }
      if (message.Type === 'UnsubscribeConfirmation') return { outcome: message.Type };
      const [eventId] = await limitRefusalsAs429(
        deps.resourceLimits.admitEvents(tenantId, 1, () =>
          deps.engine.pushEvents(tenantId, [{ key: eventKey, payload: message }]),
        ),
      );
      return { outcome: 'ingested', eventId: eventId! };
    },
  };
}

function parseMessage(body: string): SnsMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw badRequest('the body is not an SNS message: it is not JSON');
  }
  const message = parsed as Partial<SnsMessage> | null;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw badRequest('the body is not an SNS message: it is not a JSON object');
  }
  if (!TYPES.includes(message.Type as SnsType)) {
    throw badRequest(`the body is not an SNS message: Type must be one of ${TYPES.join(', ')}`);
  }
  for (const field of ['TopicArn', 'SigningCertURL', 'Signature', 'SignatureVersion'] as const) {
    if (typeof message[field] !== 'string') {
      throw badRequest(`the body is not a signed SNS message: ${field} is missing`);
    }
  }
  if (message.Type !== 'Notification' && typeof message.SubscribeURL !== 'string') {
    throw badRequest('the body is not an SNS message: SubscribeURL is missing');
  }
  return message as SnsMessage;
}

/** The region of arn:aws:sns:<region>:<account>:<topic>. */
function topicRegion(topicArn: string): string {
  const region = /^arn:aws(?:-cn|-us-gov)?:sns:([a-z0-9-]+):\d{12}:[^:]+$/.exec(topicArn)?.[1];
  if (!region)
    throw badRequest(`the body is not an SNS message: TopicArn ${topicArn} is not a topic's ARN`);
  return region;
}

/** The region of an https URL on an SNS host (sns.<region>.amazonaws.com[.cn]), else undefined. */
function snsHostRegion(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) {
    return undefined;
  }
  return /^sns\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$/.exec(parsed.hostname)?.[1];
}

/** Confirms a subscription by fetching its SubscribeURL, which must be SNS's own in `region`. */
async function confirm(url: string | undefined, region: string, agent: Agent): Promise<void> {
  const parsed = url === undefined ? undefined : new URL(url);
  if (
    !url ||
    snsHostRegion(url) !== region ||
    parsed?.searchParams.get('Action') !== 'ConfirmSubscription'
  ) {
    throw forbidden(
      'the SubscribeURL is not an SNS subscription confirmation of the topic’s region',
    );
  }
  const status = await new Promise<number>((resolve, reject) => {
    const request = get(url, { agent, timeout: FETCH_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  }).catch((error: unknown) => {
    throw new ApiError(502, [
      { description: `could not confirm the subscription with SNS: ${(error as Error).message}` },
    ]);
  });
  if (status !== 200) {
    throw new ApiError(502, [
      { description: `SNS answered the subscription confirmation with ${status}` },
    ]);
  }
}
