import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { buildQueryString, createApiClient, readCookie } from './api-client';
import type { ClientEnvironment } from './api-client';

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(
  respond: (url: string, init: RequestInit) => Promise<Response> | Response,
  cookies = '',
  baseUrl = 'http://trellis.test/tenants/t/runs',
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    respond(String(input), init ?? {}),
  );
  const env: ClientEnvironment = {
    fetch: fetchMock as unknown as typeof fetch,
    readCookies: () => cookies,
    baseUrl: () => baseUrl,
  };
  return { client: createApiClient(env), fetchMock };
}

function lastInit(fetchMock: ReturnType<typeof setup>['fetchMock']): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

describe('buildQueryString', () => {
  it('repeats array values and skips empty ones', () => {
    expect(
      buildQueryString({
        statuses: ['QUEUED', 'RUNNING'],
        limit: 50,
        only: true,
        skip: undefined,
        none: null,
      }),
    ).toBe('?statuses=QUEUED&statuses=RUNNING&limit=50&only=true');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('api client', () => {
  it('sends credentials and the XSRF header on ordinary calls', async () => {
    const { client, fetchMock } = setup(() => jsonResponse(200, { ok: true }), 'XSRF-TOKEN=t0k');
    await expect(client.get('/api/v1/users/current')).resolves.toEqual({ ok: true });
    const init = lastInit(fetchMock);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://trellis.test/api/v1/users/current');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('t0k');
  });

  it('does not include credentials on anonymous calls, but keeps same-origin cookies', async () => {
    const { client, fetchMock } = setup(() => jsonResponse(200, {}));
    await client.post(
      '/api/v1/users/login',
      { email: 'a@b.c', password: 'x' },
      { anonymous: true },
    );
    const init = lastInit(fetchMock);
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('omits the XSRF header when there is no cookie', async () => {
    const { client, fetchMock } = setup(() => jsonResponse(200, {}));
    await client.get('/api/v1/meta', { anonymous: true });
    expect((lastInit(fetchMock).headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('puts repeated query parameters on the URL', async () => {
    const { client, fetchMock } = setup(() => jsonResponse(200, { rows: [] }));
    await client.get('/api/v1/x', { query: { s: ['A', 'B'] } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://trellis.test/api/v1/x?s=A&s=B');
  });

  it('returns undefined for empty bodies', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.post('/api/v1/users/invites/accept', { invite: 'x' })).resolves.toBe(
      undefined,
    );
    const { client: second } = setup(() => new Response('', { status: 200 }));
    await expect(second.post('/api/v1/users/invites/reject')).resolves.toBe(undefined);
  });

  it('turns any non-2xx answer into one ApiError with field errors', async () => {
    const { client } = setup(() =>
      jsonResponse(
        400,
        {
          errors: [
            { field: 'slug', description: 'Tenant with that slug already exists.' },
            { description: 'something else' },
          ],
        },
        'Bad Request',
      ),
    );
    const error = await client.post('/api/v1/tenants', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.kind).toBe('http');
    expect(apiError.status).toBe(400);
    expect(apiError.statusText).toBe('Bad Request');
    expect(apiError.fieldErrors).toEqual({ slug: 'Tenant with that slug already exists.' });
    expect(apiError.descriptions).toEqual([
      'Tenant with that slug already exists.',
      'something else',
    ]);
  });

  it('treats 3xx answers that reach the client as failures', async () => {
    const { client } = setup(() => new Response(null, { status: 304 }));
    const error = (await client.get('/api/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(304);
  });

  it('reads middleware messages and non-JSON bodies', async () => {
    const { client } = setup(() =>
      jsonResponse(403, { message: 'Please provide valid credentials' }),
    );
    const error = (await client.get('/api/v1/users/current').catch((e: unknown) => e)) as ApiError;
    expect(error.isUnauthenticated).toBe(true);
    expect(error.message).toBe('Please provide valid credentials');

    const { client: text } = setup(() => new Response('upstream down', { status: 502 }));
    const textError = (await text.get('/api/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(textError.status).toBe(502);
    expect(textError.descriptions).toEqual(['upstream down']);
  });

  it('maps transport failures to the spec messages', async () => {
    const network = setup(() => Promise.reject(new TypeError('Failed to fetch'))).client;
    await expect(network.get('/api/v1/x')).rejects.toMatchObject({
      kind: 'network',
      message: 'Network Error',
      status: undefined,
    });

    const controller = new AbortController();
    const aborted = setup(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    }).client;
    await expect(aborted.get('/api/v1/x', { signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted',
      message: 'request aborted',
    });

    const timedOut = setup(() =>
      Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    ).client;
    await expect(timedOut.get('/api/v1/x')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timeout exceeded',
    });
  });

  it('refuses URLs that are not http or https', async () => {
    const { client, fetchMock } = setup(() => jsonResponse(200, {}), '', 'file:///srv/index.html');
    await expect(client.get('/api/v1/meta')).rejects.toMatchObject({
      kind: 'unsupported-protocol',
      message: 'unsupported protocol',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
