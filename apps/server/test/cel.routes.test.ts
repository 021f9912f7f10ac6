import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

/** The filter debugger: an expression's result, or what is wrong with it, always as a 200. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => t.close());

const debug = (body: Record<string, unknown>) =>
  owner.client.post<{ status: string; output?: boolean; error?: string }>(
    `/api/v1/stable/tenants/${owner.tenantId}/cel/debug`,
    body,
  );

describe('CEL debug', () => {
  it('evaluates over the input, the additional metadata and the filter payload', async () => {
    const expression =
      "input.amount > 10.0 && additional_metadata.region == 'eu' && payload.plan == 'pro'";
    const sample = {
      expression,
      input: { amount: 25 },
      additionalMetadata: { region: 'eu' },
      filterPayload: { plan: 'pro' },
    };
    expect((await debug(sample)).body).toEqual({ status: 'SUCCESS', output: true });
    const response = await debug({ ...sample, filterPayload: { plan: 'free' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'SUCCESS', output: false });
  });

  it('gives a sample event an empty id and key, and empty maps for what is left out', async () => {
    const response = await debug({
      expression: "event_id == '' && event_key == '' && size(payload) == 0",
      input: {},
    });
    expect(response.body).toEqual({ status: 'SUCCESS', output: true });
  });

  it('offers the string extensions and checksum', async () => {
    const response = await debug({
      expression: "input.name.lowerAscii() == 'ada' && checksum('a').size() == 64",
      input: { name: 'ADA' },
    });
    expect(response.body).toEqual({ status: 'SUCCESS', output: true });
  });

  it('answers what is wrong as status ERROR, changing nothing', async () => {
    for (const [expression, error] of [
      ['input.amount >', /.+/],
      ['', /empty/],
      ['request.size() > 1', /undeclared reference to 'request'/],
      ['input.amount', /must evaluate to a bool/],
      ['input.missing.deeper == 1', /.+/],
    ] as const) {
      const before = await databaseSnapshot(t.db);
      const response = await debug({ expression, input: { amount: 3 } });
      expect(response.status, expression).toBe(200);
      expect(response.body.status, expression).toBe('ERROR');
      expect(response.body.error, expression).toMatch(error);
      expect(response.body.output).toBeUndefined();
      expect(await databaseSnapshot(t.db)).toEqual(before);
    }
  });

  it('refuses a request without an expression or input as a bad request', async () => {
    const response = await debug({ input: {} });
    expect(response.status).toBe(400);
    const noInput = await debug({ expression: 'true' });
    expect(noInput.status).toBe(400);
  });
});
