/**
 * The dashboard's HTTP client: a thin layer over `fetch` for the Trellis REST API.
 *
 * - JSON in and out; array query values are repeated once per value (`?s=A&s=B`).
 * - Cookies: calls send the session cookie (`credentials: 'include'`) unless marked
 *   `anonymous` (login, register, the OAuth start and callback, meta and version). Anonymous
 *   calls use `same-origin`, never `omit`: with `omit` the browser would also drop the
 *   `Set-Cookie` of the login answer, and the user could never sign in.
 * - Anti-forgery: the `XSRF-TOKEN` cookie, when present, is echoed as `X-XSRF-TOKEN`.
 * - No timeout of its own (spec: HTTP timeout none); callers may pass an `AbortSignal`.
 * - Every failure becomes an `ApiError` (see ./api-error.ts).
 */
import { ApiError, parseErrorBody } from './api-error';

export const API_BASE = '/api/v1';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** True for the calls that must not carry credentials (see the module comment). */
  anonymous?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Everything the client touches in its environment, injectable for tests. */
export interface ClientEnvironment {
  fetch: typeof fetch;
  /** Raw `document.cookie` text. */
  readCookies: () => string;
  /** The URL relative paths resolve against (the page's own address in a browser). */
  baseUrl: () => string;
}

const browserEnvironment: ClientEnvironment = {
  fetch: (...args) => globalThis.fetch(...args),
  readCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  baseUrl: () => (typeof window === 'undefined' ? 'http://localhost/' : window.location.href),
};

export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly QueryValue[]) {
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Reads one cookie's value out of a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function createApiClient(env: ClientEnvironment = browserEnvironment) {
  /** Sends a call; answers the response when it succeeded, throws an ApiError otherwise. */
  async function send(path: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(path + buildQueryString(options.query), env.baseUrl());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ApiError({ kind: 'unsupported-protocol' });
    }

    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const xsrf = readCookie(env.readCookies(), XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await env.fetch(url.toString(), {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: options.anonymous ? 'same-origin' : 'include',
        signal: options.signal,
      });
    } catch (cause) {
      throw transportError(cause, options.signal);
    }

    if (!response.ok) {
      const { errors, descriptions } = parseErrorBody(await readBody(response));
      throw new ApiError({
        kind: 'http',
        status: response.status,
        statusText: response.statusText,
        errors,
        descriptions,
      });
    }
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await readBody(await send(path, options))) as T;
  }

  return {
    request,
    /**
     * A GET whose body the caller reads itself (a file streamed in chunks): the response of a
     * successful call; failures throw as with every other call.
     */
    stream: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      send(path, { ...options, method: 'GET' }),
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client every feature uses. */
export const api = createApiClient();

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function transportError(cause: unknown, signal: AbortSignal | undefined): ApiError {
  const name = cause instanceof Error || cause instanceof DOMException ? cause.name : '';
  const reasonName =
    signal?.aborted && signal.reason instanceof Error ? signal.reason.name : undefined;
  if (name === 'TimeoutError' || reasonName === 'TimeoutError') {
    return new ApiError({ kind: 'timeout', cause });
  }
  if (name === 'AbortError' || signal?.aborted) return new ApiError({ kind: 'aborted', cause });
  return new ApiError({ kind: 'network', cause });
}
