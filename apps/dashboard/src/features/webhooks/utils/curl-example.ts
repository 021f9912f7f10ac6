/**
 * A shell script that sends a test request to a webhook, authenticated the way it expects:
 * Basic credentials, an API key header, or a signature computed with openssl (HMAC of the
 * body, or of the timestamped message Stripe, Slack and Svix sign; Linear signs a body that
 * carries its time). Credentials come first as variables, filled with what is known (the
 * form being typed) or left for the user to replace.
 */
import type {
  V1WebhookAuthType,
  V1WebhookHmacAlgorithm,
  V1WebhookHmacEncoding,
  V1WebhookSourceName,
} from '@/types/api';
import { WEBHOOK_SOURCES } from './webhook-sources';

export interface CurlExampleInput {
  url: string;
  sourceName: V1WebhookSourceName;
  authType: V1WebhookAuthType;
  /** What is known of the authentication; blanks become placeholders to replace. */
  auth: {
    username?: string;
    password?: string;
    headerName?: string;
    apiKey?: string;
    signingSecret?: string;
    algorithm?: V1WebhookHmacAlgorithm;
    encoding?: V1WebhookHmacEncoding;
    signatureHeaderName?: string;
  };
}

/** A value in single quotes, safe for any shell text. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const DIGEST: Record<V1WebhookHmacAlgorithm, string> = {
  SHA1: '-sha1',
  SHA256: '-sha256',
  SHA512: '-sha512',
  MD5: '-md5',
};

/** `SIGNATURE=...`: the HMAC of `message` (a double-quoted shell word) in `encoding`. */
function signatureLine(
  message: string,
  algorithm: V1WebhookHmacAlgorithm,
  encoding: V1WebhookHmacEncoding,
): string {
  const hmac = `printf '%s' ${message} | openssl dgst ${DIGEST[algorithm]} -hmac "$WEBHOOK_SECRET"`;
  switch (encoding) {
    case 'HEX':
      // openssl prints "HMAC-SHA2-256(stdin)= <hex>"; keep what follows "= ".
      return `SIGNATURE=$(${hmac} | sed 's/^.*= //')`;
    case 'BASE64':
      return `SIGNATURE=$(${hmac} -binary | openssl base64 -A)`;
    case 'BASE64URL':
      return `SIGNATURE=$(${hmac} -binary | openssl base64 -A | tr '+/' '-_')`;
  }
}

const variable = (name: string, value: string | undefined, placeholder: string) =>
  `${name}=${shellQuote(value?.trim() ? value : placeholder)}`;

/** `BODY=...`: a sample payload for the source's default event key expression. */
function bodyLine(sourceName: V1WebhookSourceName): string {
  switch (sourceName) {
    case 'SLACK':
      return `BODY=${shellQuote('{"type": "app_mention", "text": "hello"}')}`;
    case 'LINEAR':
      // Linear deliveries carry the time they were sent (ms); older than a minute is refused.
      return `BODY=$(printf '{"id": "order.created", "amount": 42, "webhookTimestamp": %s000}' "$(date +%s)")`;
    default:
      return `BODY=${shellQuote('{"id": "order.created", "amount": 42}')}`;
  }
}

export function curlExample({ url, sourceName, authType, auth }: CurlExampleInput): string {
  /** Credentials first (to replace), then what is computed from them and the body. */
  const credentials: string[] = [];
  const signing: string[] = [];
  const headers: string[] = [];
  const secret = () =>
    credentials.push(
      variable(
        'WEBHOOK_SECRET',
        auth.signingSecret,
        WEBHOOK_SOURCES[sourceName].signed?.secretPlaceholder ?? '<signing secret>',
      ),
    );

  switch (WEBHOOK_SOURCES[sourceName].signed ? sourceName : authType) {
    case 'BASIC':
      credentials.push(variable('WEBHOOK_USERNAME', auth.username, '<username>'));
      credentials.push(variable('WEBHOOK_PASSWORD', auth.password, '<password>'));
      headers.push(`-u "$WEBHOOK_USERNAME:$WEBHOOK_PASSWORD"`);
      break;
    case 'API_KEY':
      credentials.push(variable('WEBHOOK_API_KEY', auth.apiKey, '<api key>'));
      headers.push(`-H "${auth.headerName?.trim() || '<header name>'}: $WEBHOOK_API_KEY"`);
      break;
    case 'HMAC':
      secret();
      signing.push(signatureLine('"$BODY"', auth.algorithm ?? 'SHA256', auth.encoding ?? 'HEX'));
      headers.push(`-H "${auth.signatureHeaderName?.trim() || '<signature header>'}: $SIGNATURE"`);
      break;
    case 'GITHUB':
      secret();
      signing.push(signatureLine('"$BODY"', 'SHA256', 'HEX'));
      headers.push(`-H "X-Hub-Signature-256: sha256=$SIGNATURE"`);
      break;
    case 'LINEAR':
      secret();
      signing.push(signatureLine('"$BODY"', 'SHA256', 'HEX'));
      headers.push(`-H "linear-signature: $SIGNATURE"`);
      break;
    case 'STRIPE':
      secret();
      signing.push('TIMESTAMP=$(date +%s)');
      signing.push(signatureLine('"$TIMESTAMP.$BODY"', 'SHA256', 'HEX'));
      headers.push(`-H "Stripe-Signature: t=$TIMESTAMP,v1=$SIGNATURE"`);
      break;
    case 'SLACK':
      secret();
      signing.push('TIMESTAMP=$(date +%s)');
      signing.push(signatureLine('"v0:$TIMESTAMP:$BODY"', 'SHA256', 'HEX'));
      headers.push(
        `-H "X-Slack-Request-Timestamp: $TIMESTAMP"`,
        `-H "X-Slack-Signature: v0=$SIGNATURE"`,
      );
      break;
    case 'SVIX':
      secret();
      signing.push('SVIX_ID="msg_$(date +%s)"', 'TIMESTAMP=$(date +%s)');
      // The key is the base64 after "whsec_"; openssl takes it as hex.
      signing.push(
        `KEY_HEX=$(printf '%s' "\${WEBHOOK_SECRET#whsec_}" | openssl base64 -d -A | od -An -v -tx1 | tr -d ' \\n')`,
        `SIGNATURE=$(printf '%s' "$SVIX_ID.$TIMESTAMP.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY_HEX" -binary | openssl base64 -A)`,
      );
      headers.push(
        `-H "svix-id: $SVIX_ID"`,
        `-H "svix-timestamp: $TIMESTAMP"`,
        `-H "svix-signature: v1,$SIGNATURE"`,
      );
      break;
  }

  return [
    ...credentials,
    bodyLine(sourceName),
    ...signing,
    '',
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    ...headers.map((header) => `  ${header} \\`),
    `  -d "$BODY"`,
  ].join('\n');
}
