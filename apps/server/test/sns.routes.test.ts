/**
 * SNS ingestion against a real HTTPS host standing in for Amazon SNS: it serves the signing
 * certificate and answers subscription confirmations, under SNS's own host names (the server's
 * agent resolves sns.<region>.amazonaws.com to it and trusts the test's CA; nothing else in the
 * server changes). Messages are signed here, by SNS's rules, with the test's key.
 */
import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { registerOwner, TEST_PUBLIC_URL } from './test-app';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:orders';
const CERT_PATH = '/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem';
const CERT_URL = `https://sns.us-east-1.amazonaws.com${CERT_PATH}`;

let dir: string;
let signingKey: string;
let host: Server;
const hits: string[] = [];
let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

/** Runs openssl in the test's folder. */
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trellis-sns-'));
  // A CA the server's agent trusts, and a TLS certificate for both regions' SNS hosts from it.
  const key = ['-newkey', 'rsa:2048', '-nodes', '-days', '1'];
  openssl('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Test CA');
  openssl('req', ...key, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=sns');
  writeFileSync(
    join(dir, 'san.ext'),
    'subjectAltName=DNS:sns.us-east-1.amazonaws.com,DNS:sns.eu-west-1.amazonaws.com\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'tls.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tls.pem',
    '-days',
    '1',
    '-extfile',
    'san.ext',
  );
  // The key SNS signs with, and its certificate as SNS serves it.
  openssl(
    'req',
    '-x509',
    ...key,
    '-keyout',
    'signing.key',
    '-out',
    'signing.pem',
    '-subj',
    '/CN=SNS',
  );
  signingKey = read('signing.key');
  const signingCert = read('signing.pem');
  const ca = read('ca.pem');

  host = createServer({ key: read('tls.key'), cert: read('tls.pem') }, (request, response) => {
    hits.push(`${request.headers.host} ${request.url}`);
    if (request.url === CERT_PATH) response.writeHead(200).end(signingCert);
    else if (request.url?.startsWith('/?Action=ConfirmSubscription'))
      response.writeHead(200).end('<ConfirmSubscriptionResponse/>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as { port: number };
  // Every connection to an SNS host goes to the stand-in, which proves itself with the test CA.
  const snsAgent = new Agent({ keepAlive: false });
  snsAgent.createConnection = (options) =>
    connect({ ...(options as ConnectionOptions), host: '127.0.0.1', port, ca });

  ({ db, drop } = await createTestDatabase({ migrate: true }));
  engine = new Engine({ db });
  await engine.start();
  const config = loadConfig({
    TRELLIS_PUBLIC_URL: TEST_PUBLIC_URL,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
    TRELLIS_DATA_DIR: dir,
  });
  ({ app } = await buildApp({
    db,
    config,
    engine,
    validateResponses: true,
    snsAgent,
  }));
});

afterAll(async () => {
  await app?.close();
  await engine?.close();
  await drop?.();
  await new Promise((resolve) => host?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

type Fields = Record<string, string>;

/** The fields SNS signs, in its order, for each type of message. */
const CONFIRMATION = [
  'Message',
  'MessageId',
  'SubscribeURL',
  'Timestamp',
  'Token',
  'TopicArn',
  'Type',
];
const SIGNED = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: CONFIRMATION,
  UnsubscribeConfirmation: CONFIRMATION,
} as const;

let messageCounter = 0;

/** A message as SNS sends it, signed with the test's key (signature version 1 or 2). */
function snsMessage(
  type: keyof typeof SIGNED,
  fields: Fields = {},
  version: '1' | '2' = '1',
): Fields {
  const message: Fields = {
    Type: type,
    MessageId: `00000000-0000-0000-0000-${String(++messageCounter).padStart(12, '0')}`,
    TopicArn: TOPIC,
    Message: JSON.stringify({ order: messageCounter }),
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    ...(type === 'Notification'
      ? { Subject: 'order placed' }
      : {
          Token: 'token-1',
          SubscribeURL: `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=token-1`,
        }),
    ...fields,
  };
  const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  for (const key of SIGNED[type]) if (key in message) signer.update(`${key}\n${message[key]}\n`);
  return { Signature: signer.sign(signingKey, 'base64'), ...message };
}

/** Posts as SNS does: JSON as text/plain, no credentials. */
const deliver = (tenantId: string, body: string | Fields, key = 'sns-event') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/sns/${tenantId}/${key}`,
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': 'Notification',
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const eventsOf = async (tenantId: string) =>
  (
    await db.query<{ key: string; payload: Fields }>(
      'SELECT key, payload FROM events WHERE tenant_id = $1 ORDER BY created_at',
      [tenantId],
    )
  ).rows;

async function tenantWithTopic(topicArn = TOPIC) {
  const owner = await registerOwner(app);
  const created = await owner.client.post<{ metadata: { id: string }; ingestUrl: string }>(
    `/api/v1/tenants/${owner.tenantId}/sns`,
    { topicArn },
  );
  expect(created.status).toBe(201);
  return { ...owner, integrationId: created.body.metadata.id, ingestUrl: created.body.ingestUrl };
}

describe('SNS integrations', () => {
  it('are created with their ingest URL, listed, refused twice or malformed, and deleted', async () => {
    const owner = await tenantWithTopic();
    expect(owner.ingestUrl).toBe(`${TEST_PUBLIC_URL}/api/v1/sns/${owner.tenantId}/sns-event`);
    const path = `/api/v1/tenants/${owner.tenantId}/sns`;
    const list = await owner.client.get<{ rows: { topicArn: string }[] }>(path);
    expect(list.body.rows.map((r) => r.topicArn)).toEqual([TOPIC]);
    expect((await owner.client.post(path, { topicArn: TOPIC })).status).toBe(400);
    const malformed = await owner.client.post<{ errors: { field?: string }[] }>(path, {
      topicArn: 'not-an-arn',
    });
    expect([malformed.status, malformed.body.errors[0]!.field]).toEqual([400, 'topicArn']);

    // Another tenant's member can neither see nor delete it.
    const stranger = await registerOwner(app);
    expect((await stranger.client.delete(`/api/v1/sns/${owner.integrationId}`)).status).toBe(401);
    expect((await owner.client.delete(`/api/v1/sns/${owner.integrationId}`)).status).toBe(204);
    expect((await owner.client.get<{ rows: unknown[] }>(path)).body.rows).toEqual([]);
  });
});

describe('receiving SNS messages', () => {
  it('ingests a notification signed with either signature version as an event with the path’s key', async () => {
    const { tenantId } = await tenantWithTopic();
    const v1 = snsMessage('Notification', {}, '1');
    const v2 = snsMessage('Notification', {}, '2');
    expect((await deliver(tenantId, v1, 'orders.placed')).statusCode).toBe(200);
    expect((await deliver(tenantId, v2)).statusCode).toBe(200);
    expect(await eventsOf(tenantId)).toEqual([
      { key: 'orders.placed', payload: v1 },
      { key: 'sns-event', payload: v2 },
    ]);
    // The certificate was fetched once, from the topic's region, and kept.
    expect(hits.filter((h) => h.endsWith(CERT_PATH))).toEqual([
      `sns.us-east-1.amazonaws.com ${CERT_PATH}`,
    ]);
  });

  it('confirms a subscription by its SubscribeURL, and only acknowledges an unsubscription', async () => {
    const { tenantId } = await tenantWithTopic();
    const before = hits.length;
    expect((await deliver(tenantId, snsMessage('SubscriptionConfirmation'))).statusCode).toBe(200);
    expect(hits.slice(before)).toEqual([
      `sns.us-east-1.amazonaws.com /?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=token-1`,
    ]);
    expect((await deliver(tenantId, snsMessage('UnsubscribeConfirmation'))).statusCode).toBe(200);
    expect(hits.length).toBe(before + 1);
    expect(await eventsOf(tenantId)).toEqual([]);
  });

  it('refuses unsigned, wrongly signed, unknown-topic and malformed messages, storing nothing', async () => {
    const { tenantId } = await tenantWithTopic();
    const signed = snsMessage('Notification');
    const { Signature: _, ...unsigned } = signed;
    const cases: [string, string | Fields, number][] = [
      ['not JSON', '{"Type": ', 400],
      ['not an object', '[1, 2]', 400],
      ['an unknown type', { ...signed, Type: 'Surprise' }, 400],
      ['unsigned', unsigned, 400],
      ['a changed message', { ...signed, Message: 'tampered' }, 403],
      [
        'another topic',
        snsMessage('Notification', { TopicArn: 'arn:aws:sns:us-east-1:123456789012:other' }),
        404,
      ],
      [
        'a certificate in another region',
        snsMessage('Notification', {
          SigningCertURL: `https://sns.eu-west-1.amazonaws.com${CERT_PATH}`,
        }),
        403,
      ],
      [
        'a certificate elsewhere',
        snsMessage('Notification', {
          SigningCertURL: `https://example.com${CERT_PATH}`,
        }),
        403,
      ],
      [
        'a SubscribeURL elsewhere',
        snsMessage('SubscriptionConfirmation', {
          SubscribeURL: 'https://example.com/?Action=ConfirmSubscription',
        }),
        403,
      ],
    ];
    const before = hits.length;
    for (const [name, body, status] of cases) {
      const response = await deliver(tenantId, body);
      expect({ name, status: response.statusCode }).toEqual({ name, status });
      expect(response.json()).toMatchObject({ errors: [{ description: expect.any(String) }] });
    }
    // No refused message made the server fetch anything (the certificate is cached already).
    expect(hits.slice(before)).toEqual([]);
    expect(await eventsOf(tenantId)).toEqual([]);
    // A tenant that does not exist looks like one without the topic.
    const unknown = await deliver('00000000-0000-4000-8000-000000000000', signed);
    expect(unknown.statusCode).toBe(404);
  });
});
