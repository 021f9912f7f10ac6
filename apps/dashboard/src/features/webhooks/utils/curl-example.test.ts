import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { curlExample, shellQuote } from './curl-example';
import type { CurlExampleInput } from './curl-example';

const URL = 'http://localhost:8080/api/v1/stable/tenants/t1/webhooks/orders';

/** Runs the script with `curl` replaced by a function printing its arguments, one a line. */
function curlArguments(script: string): string[] {
  const output = execFileSync('bash', ['-c', `curl() { printf '%s\\n' "$@"; }\n${script}`], {
    encoding: 'utf8',
  });
  return output.trimEnd().split('\n');
}

const header = (args: string[], name: string) =>
  args
    .filter((_, index) => args[index - 1] === '-H')
    .find((value) => value.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

const body = (args: string[]) => args[args.indexOf('-d') + 1]!;

const run = (input: Omit<CurlExampleInput, 'url'>) =>
  curlArguments(curlExample({ url: URL, ...input }));

describe('curl example', () => {
  it('quotes anything for the shell', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(execFileSync('bash', ['-c', `printf '%s' ${shellQuote(`a'b"$c`)}`]).toString()).toBe(
      `a'b"$c`,
    );
  });

  it('sends Basic credentials and API keys as given', () => {
    const basic = run({
      sourceName: 'GENERIC',
      authType: 'BASIC',
      auth: { username: 'ada', password: "p'w" },
    });
    expect(basic.slice(0, 3)).toEqual(['-X', 'POST', URL]);
    expect(basic[basic.indexOf('-u') + 1]).toBe("ada:p'w");
    expect(JSON.parse(body(basic))).toMatchObject({ id: 'order.created' });

    const apiKey = run({
      sourceName: 'GENERIC',
      authType: 'API_KEY',
      auth: { headerName: 'X-Token', apiKey: 'k1' },
    });
    expect(header(apiKey, 'X-Token')).toBe('k1');
  });

  it.each([
    ['SHA256', 'HEX', 'hex'],
    ['SHA1', 'BASE64', 'base64'],
    ['SHA512', 'BASE64URL', 'base64url'],
    ['MD5', 'HEX', 'hex'],
  ] as const)('signs the body with HMAC %s in %s', (algorithm, encoding, nodeEncoding) => {
    const args = run({
      sourceName: 'GENERIC',
      authType: 'HMAC',
      auth: { signingSecret: 's3cret', algorithm, encoding, signatureHeaderName: 'X-Sig' },
    });
    const expected = createHmac(algorithm.toLowerCase(), 's3cret')
      .update(body(args))
      .digest(nodeEncoding);
    // base64url in Node has no padding; the script keeps it, which decoders accept either way.
    expect(header(args, 'X-Sig')?.replace(/=+$/, '')).toBe(expected.replace(/=+$/, ''));
  });

  it('signs as GitHub, Linear, Stripe and Slack do', () => {
    const hmac = (message: string) => createHmac('sha256', 'whsec_x').update(message).digest('hex');

    const github = run({
      sourceName: 'GITHUB',
      authType: 'HMAC',
      auth: { signingSecret: 'whsec_x' },
    });
    expect(header(github, 'X-Hub-Signature-256')).toBe(`sha256=${hmac(body(github))}`);

    const linear = run({
      sourceName: 'LINEAR',
      authType: 'HMAC',
      auth: { signingSecret: 'whsec_x' },
    });
    expect(header(linear, 'linear-signature')).toBe(hmac(body(linear)));

    const stripe = run({
      sourceName: 'STRIPE',
      authType: 'HMAC',
      auth: { signingSecret: 'whsec_x' },
    });
    const [t, v1] = header(stripe, 'Stripe-Signature')!.split(',');
    const timestamp = t!.slice(2);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(`v1=${hmac(`${timestamp}.${body(stripe)}`)}`);

    const slack = run({
      sourceName: 'SLACK',
      authType: 'HMAC',
      auth: { signingSecret: 'whsec_x' },
    });
    const slackTimestamp = header(slack, 'X-Slack-Request-Timestamp')!;
    expect(header(slack, 'X-Slack-Signature')).toBe(
      `v0=${hmac(`v0:${slackTimestamp}:${body(slack)}`)}`,
    );
    expect(JSON.parse(body(slack))).toMatchObject({ type: 'app_mention' });
  });

  it('signs as Svix does, with the key inside the whsec_ secret', () => {
    const key = Buffer.from('a svix key of some bytes');
    const svix = run({
      sourceName: 'SVIX',
      authType: 'HMAC',
      auth: { signingSecret: `whsec_${key.toString('base64')}` },
    });
    const message = `${header(svix, 'svix-id')}.${header(svix, 'svix-timestamp')}.${body(svix)}`;
    expect(header(svix, 'svix-signature')).toBe(
      `v1,${createHmac('sha256', key).update(message).digest('base64')}`,
    );
  });

  it('leaves placeholders for what is not known', () => {
    const script = curlExample({
      url: URL,
      sourceName: 'STRIPE',
      authType: 'HMAC',
      auth: {},
    });
    expect(script).toContain(`WEBHOOK_SECRET='whsec_...'`);
    expect(
      curlExample({ url: URL, sourceName: 'GENERIC', authType: 'API_KEY', auth: {} }),
    ).toContain('-H "<header name>: $WEBHOOK_API_KEY"');
  });
});
