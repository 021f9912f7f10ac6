/**
 * A signed-in dashboard user over REST: signs in with email and password (the session and
 * XSRF-TOKEN cookies), finds the user's first tenant, and sends requests as the dashboard does
 * (cookies, and X-XSRF-TOKEN on writes).
 */
export class RestSession {
  private constructor(
    readonly baseUrl: string,
    readonly cookies: ReadonlyMap<string, string>,
    readonly tenantId: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password: string): Promise<RestSession> {
    const login = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookies = new Map<string, string>();
    for (const header of login.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    if (!cookies.get('XSRF-TOKEN')) throw new Error('login set no XSRF-TOKEN cookie');
    const probe = new RestSession(baseUrl, cookies, '');
    const memberships = await probe.json<{ rows: { tenant: { metadata: { id: string } } }[] }>(
      '/api/v1/users/memberships',
    );
    const tenantId = memberships.rows[0]?.tenant.metadata.id;
    if (!tenantId) throw new Error('the user has no tenant');
    return new RestSession(baseUrl, cookies, tenantId);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  fetch(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const write = init.method !== undefined && init.method !== 'GET';
    return fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie: this.cookieHeader,
        ...(write ? { 'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN')!) } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(60_000),
    });
  }

  async json<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const response = await this.fetch(path, init);
    if (!response.ok) {
      throw new Error(
        `${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`,
      );
    }
    return (await response.json()) as T;
  }

  /** An API token of the tenant, for SDK processes. */
  async createApiToken(name: string): Promise<string> {
    const { token } = await this.json<{ token: string }>(
      `/api/v1/tenants/${this.tenantId}/api-tokens`,
      { method: 'POST', body: { name } },
    );
    return token;
  }
}
