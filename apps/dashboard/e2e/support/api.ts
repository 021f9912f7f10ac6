/**
 * Seeds data through the real REST API, as a signed-in user would: a cookie jar for the
 * session, the anti-forgery header on writes, and patience with the server's rate limits.
 */
import type {
  ApiToken,
  Tenant,
  TenantInvite,
  TenantMember,
  TenantMemberRole,
  User,
  V1TaskStatus,
} from '@trellis/api-contract';

export const PASSWORD = 'E2e-passw0rd';

let counter = 0;

/** An address nobody else in this run uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export function uniqueSlug(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
  }
}

export class ApiSession {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The cookies of this session, ready for `browserContext.addCookies`. */
  cookies(): Array<{ name: string; value: string; url: string }> {
    return [...this.jar].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }

  async request<T>(
    method: string,
    path: string,
    options: { body?: unknown; bearer?: string; expect?: number[] } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';

    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'manual',
      });
      if (response.status === 429 && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      this.remember(response.headers.getSetCookie());
      const text = await response.text();
      const expected = options.expect ?? [200, 201, 204];
      if (!expected.includes(response.status)) {
        throw new ApiError(
          response.status,
          text,
          `${method} ${path} answered ${response.status}: ${text}`,
        );
      }
      return (text === '' ? undefined : JSON.parse(text)) as T;
    }
  }

  /** Polls a run's status until it is `status`; throws with the last one seen. */
  async waitForRunStatus(runId: string, status: V1TaskStatus, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last: V1TaskStatus | undefined;
    while (Date.now() < deadline) {
      last = await this.request<V1TaskStatus>(
        'GET',
        `/api/v1/stable/workflow-runs/${runId}/status`,
      );
      if (last === status) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`run ${runId} stayed ${last}, expected ${status}`);
  }

  private remember(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      if (index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(raw).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  register(name: string, email: string, password = PASSWORD): Promise<User> {
    return this.request('POST', '/api/v1/users/register', { body: { name, email, password } });
  }

  login(email: string, password = PASSWORD): Promise<User> {
    return this.request('POST', '/api/v1/users/login', { body: { email, password } });
  }

  createTenant(name: string, slug = uniqueSlug('tenant')): Promise<Tenant> {
    return this.request('POST', '/api/v1/tenants', { body: { name, slug } });
  }

  async memberships(): Promise<TenantMember[]> {
    return (await this.request<{ rows: TenantMember[] }>('GET', '/api/v1/users/memberships')).rows;
  }

  async members(tenantId: string): Promise<TenantMember[]> {
    return (
      await this.request<{ rows: TenantMember[] }>('GET', `/api/v1/tenants/${tenantId}/members`)
    ).rows;
  }

  async userInvites(): Promise<TenantInvite[]> {
    return (await this.request<{ rows: TenantInvite[] }>('GET', '/api/v1/users/invites')).rows;
  }

  async tenantInvites(tenantId: string): Promise<TenantInvite[]> {
    return (
      await this.request<{ rows: TenantInvite[] }>('GET', `/api/v1/tenants/${tenantId}/invites`)
    ).rows;
  }

  createInvite(tenantId: string, email: string, role: TenantMemberRole): Promise<TenantInvite> {
    return this.request('POST', `/api/v1/tenants/${tenantId}/invites`, { body: { email, role } });
  }

  acceptInvite(inviteId: string): Promise<void> {
    return this.request('POST', '/api/v1/users/invites/accept', { body: { invite: inviteId } });
  }

  async createApiToken(tenantId: string, name: string, expiresIn?: string): Promise<string> {
    const body = expiresIn ? { name, expiresIn } : { name };
    const result = await this.request<{ token: string }>(
      'POST',
      `/api/v1/tenants/${tenantId}/api-tokens`,
      { body },
    );
    return result.token;
  }

  async apiTokens(tenantId: string): Promise<ApiToken[]> {
    return (
      await this.request<{ rows: ApiToken[] }>('GET', `/api/v1/tenants/${tenantId}/api-tokens`)
    ).rows;
  }

  updateMemberRole(tenantId: string, memberId: string, role: TenantMemberRole) {
    return this.request('PATCH', `/api/v1/tenants/${tenantId}/members/${memberId}`, {
      body: { role },
    });
  }
}

export interface SeededUser {
  api: ApiSession;
  email: string;
  name: string;
  password: string;
}

/** A new user, registered and signed in through the API. */
export async function seedUser(baseUrl: string, prefix = 'user'): Promise<SeededUser> {
  const api = new ApiSession(baseUrl);
  const email = uniqueEmail(prefix);
  const name = `${prefix[0]?.toUpperCase() ?? ''}${prefix.slice(1)} Tester`;
  await api.register(name, email);
  return { api, email, name, password: PASSWORD };
}

/** A new user who owns one new tenant. */
export async function seedOwner(
  baseUrl: string,
  tenantName = 'E2E Tenant',
): Promise<SeededUser & { tenant: Tenant }> {
  const user = await seedUser(baseUrl, 'owner');
  const tenant = await user.api.createTenant(tenantName);
  return { ...user, tenant };
}
