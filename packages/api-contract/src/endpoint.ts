import type { z } from 'zod';
import type { TenantMemberRole } from './enums';

/**
 * Who may call an endpoint.
 * - `none`: credentials are not read (login, register, health).
 * - `optional`: credentials are not required and never checked (meta, version).
 * - `session`: a signed-in user by session cookie, email verified; not tied to a tenant.
 * - `session-unverified`: as `session`, but also before the email is verified.
 * - `tenant`: a member of the tenant the path resolves to (by cookie), or an API token of it.
 */
export type EndpointAuth = 'none' | 'optional' | 'session' | 'session-unverified' | 'tenant';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response: a schema for its JSON body, or `null` when it has no body. */
export type ResponseSpec = z.ZodType | null;

export interface EndpointDefinition<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Responses extends Record<number, ResponseSpec> = Record<number, ResponseSpec>,
> {
  /** Hatchet's operation name, also the generated client's method name. */
  operationId: string;
  method: HttpMethod;
  /** Full path with `{param}` placeholders, e.g. `/api/v1/tenants/{tenant}`. */
  path: string;
  summary: string;
  tag: string;
  auth: EndpointAuth;
  /** With `tenant` auth: the weakest member role allowed. */
  minRole?: TenantMemberRole;
  /** With `tenant` auth: whether API tokens may call it (token management refuses them). */
  allowApiTokens?: boolean;
  /** Limited per client address: a burst of 10, refilled at 10 per second. */
  rateLimited?: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Success responses by status. Errors always use `APIErrors`. */
  responses: Responses;
  /** The endpoint answers with server-sent events whose data is this schema's JSON. */
  eventStream?: z.ZodType;
  /**
   * The endpoint answers with a file streamed row by row, in the `format` its query names: CSV
   * whose columns are this schema's fields, or a JSON array of it.
   */
  download?: z.ZodObject;
  /**
   * The endpoint answers with text, not JSON: its success response declares no schema (`null`)
   * and the body is of this content type (the Prometheus exposition format).
   */
  text?: { contentType: string; description: string };
  /**
   * The endpoint is a browser navigation answered with a redirect: its success response
   * declares no schema (`null`) and this says where the `Location` header leads.
   */
  redirect?: string;
}

/** Declares an endpoint, keeping the precise types of its schemas for server and client. */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Responses extends Record<number, ResponseSpec> = Record<number, ResponseSpec>,
>(
  definition: EndpointDefinition<Params, Query, Body, Responses>,
): EndpointDefinition<Params, Query, Body, Responses> {
  return definition;
}

/** The path parameter names of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}
