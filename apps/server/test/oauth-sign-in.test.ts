/**
 * Sign-in with Google (OpenID Connect against a real `oidc-provider` on loopback) and GitHub
 * (a local server answering GitHub's OAuth and API calls), through the real app: start, the
 * provider's redirects, the callback, the session it starts, and how accounts link by email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followToCallback } from './oauth/follow-to-callback';
import type { GitHubTestAccount } from './oauth/github-test-server';
import type { TestAccount } from './oauth/oidc-test-provider';
import { startTestProviders } from './oauth/test-providers';
import {
  databaseSnapshot,
  PASSWORD,
  registerUser,
  startTestApp,
  TEST_PUBLIC_URL,
  TestClient,
  type TestApp,
} from './test-app';

const GOOGLE_CALLBACK = `${TEST_PUBLIC_URL}/api/v1/users/google/callback`;
const GITHUB_CALLBACK = `${TEST_PUBLIC_URL}/api/v1/users/github/callback`;

interface CurrentUser {
  metadata: { id: string };
  email: string;
  name?: string;
  emailVerified: boolean;
  hasPassword?: boolean;
}

let t: TestApp;
let providers: Awaited<ReturnType<typeof startTestProviders>>;
let oidc: typeof providers.oidc;
let github: typeof providers.github;
let counter = 0;

beforeAll(async () => {
  providers = await startTestProviders();
  ({ oidc, github } = providers);
  providers.connect(TEST_PUBLIC_URL);
  t = await startTestApp(providers.env);
});
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now()}@example.com`;

function googleAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    subject: `google-${++counter}`,
    email: uniqueEmail('google'),
    emailVerified: true,
    name: 'Grace Google',
    ...overrides,
  };
}

function githubAccount(overrides: Partial<GitHubTestAccount> = {}): GitHubTestAccount {
  return {
    id: 1000 + ++counter,
    login: `octo${counter}`,
    name: 'Octo Cat',
    emails: [
      { email: uniqueEmail('secondary'), primary: false, verified: true },
      { email: uniqueEmail('github'), primary: true, verified: true },
    ],
    ...overrides,
  };
}

/** Starts a sign-in on `client` and follows the provider until it redirects back. */
async function toCallback(client: TestClient, provider: 'google' | 'github'): Promise<URL> {
  const start = await client.get(`/api/v1/users/${provider}/start`);
  expect(start.status).toBe(302);
  return followToCallback(
    start.raw.headers.location as string,
    provider === 'google' ? GOOGLE_CALLBACK : GITHUB_CALLBACK,
  );
}

/** Answers the callback on `client`; the redirect's target, with any error it carries. */
async function callback(client: TestClient, url: URL) {
  const response = await client.get(`${url.pathname}${url.search}`);
  expect(response.status).toBe(302);
  const location = new URL(response.raw.headers.location as string, TEST_PUBLIC_URL);
  return { path: location.pathname, error: location.searchParams.get('error') };
}

async function signIn(provider: 'google' | 'github') {
  const client = new TestClient(t.app);
  const outcome = await callback(client, await toCallback(client, provider));
  return { client, ...outcome };
}

async function identities(userId: string) {
  const { rows } = await t.db.query<{ provider: string; subject: string }>(
    'SELECT provider, subject FROM user_oauth_identities WHERE user_id = $1 ORDER BY provider',
    [userId],
  );
  return rows;
}

describe('GET /meta', () => {
  it('reports the enabled sign-in methods', async () => {
    const meta = await new TestClient(t.app).get<{ auth: { schemes: string[] } }>('/api/v1/meta');
    expect(meta.body.auth.schemes).toEqual(['basic', 'google', 'github']);
  });
});

describe('start', () => {
  it('sends the browser to the provider with state, nonce and PKCE, kept in a sealed cookie', async () => {
    const client = new TestClient(t.app);
    const start = await client.get('/api/v1/users/google/start');
    expect(start.status).toBe(302);
    const location = new URL(start.raw.headers.location as string);
    expect(location.origin).toBe(oidc.issuer);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: 'trellis-google',
      redirect_uri: GOOGLE_CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(query[name]).toBeTruthy();
    const cookie = start.raw.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^trellis_oauth_google=/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/api\/v1\/users\/google\/callback/);
    expect(cookie).toMatch(/HttpOnly/);
    // Encrypted: neither the state nor the PKCE verifier can be read from it.
    expect(client.cookies.get('trellis_oauth_google')).not.toContain(query['state']);
  });
});

describe('Google', () => {
  it('creates a verified account for a new address and signs it in', async () => {
    const account = googleAccount();
    oidc.nextAccount = account;
    const { client, path, error } = await signIn('google');
    expect({ path, error }).toEqual({ path: '/', error: null });
    const me = await client.get<CurrentUser>('/api/v1/users/current');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: account.email,
      name: 'Grace Google',
      emailVerified: true,
      hasPassword: false,
    });
    expect(await identities(me.body.metadata.id)).toEqual([
      { provider: 'google', subject: account.subject },
    ]);
    // The flow's cookie is spent: the same answer from the provider signs nobody in again.
    expect(client.cookies.has('trellis_oauth_google')).toBe(false);

    // Signing in again finds the same account through the identity.
    const again = await signIn('google');
    expect(again.error).toBeNull();
    const second = await again.client.get<CurrentUser>('/api/v1/users/current');
    expect(second.body.metadata.id).toBe(me.body.metadata.id);
  });

  it('links an existing account when Google has verified the address, and marks it verified', async () => {
    const user = await registerUser(t.app);
    await t.db.query('UPDATE users SET email_verified = false WHERE id = $1', [user.userId]);
    oidc.nextAccount = googleAccount({ email: user.email.toUpperCase() });
    const { client, error } = await signIn('google');
    expect(error).toBeNull();
    const me = await client.get<CurrentUser>('/api/v1/users/current');
    expect(me.body.metadata.id).toBe(user.userId);
    expect(me.body.emailVerified).toBe(true);
    expect(me.body.hasPassword).toBe(true);
    expect(await identities(user.userId)).toHaveLength(1);
    // The password still signs in as before.
    const login = await new TestClient(t.app).post('/api/v1/users/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('never lets an unverified address take over an existing account', async () => {
    const user = await registerUser(t.app);
    oidc.nextAccount = googleAccount({ email: user.email, emailVerified: false });
    const client = new TestClient(t.app);
    const answer = await toCallback(client, 'google');
    const before = await databaseSnapshot(t.db);
    const { path, error } = await callback(client, answer);
    expect(path).toBe('/auth/login');
    expect(error).toBe(
      `An account with ${user.email} already exists, and Google has not verified that this address is yours. Sign in with your password, or verify the address with Google first.`,
    );
    expect(await databaseSnapshot(t.db)).toEqual(before);
    expect(client.cookies.has('trellis')).toBe(false);
    expect((await client.get('/api/v1/users/current')).status).toBe(403);
  });

  it('takes a new address Google has not verified as password registration would', async () => {
    // This server does not ask for verification (no mail relay): verified, as password accounts.
    oidc.nextAccount = googleAccount({ emailVerified: false });
    const { client, error } = await signIn('google');
    expect(error).toBeNull();
    expect((await client.get<CurrentUser>('/api/v1/users/current')).body.emailVerified).toBe(true);

    // One that does: unverified, with a verification link on its way.
    const strict = await startTestApp({ ...providers.env, TRELLIS_EMAIL_VERIFICATION: 'required' });
    try {
      oidc.nextAccount = googleAccount({ emailVerified: false });
      const browser = new TestClient(strict.app);
      expect((await callback(browser, await toCallback(browser, 'google'))).error).toBeNull();
      const me = await browser.get<CurrentUser>('/api/v1/users/current');
      expect(me.body).toMatchObject({ email: oidc.nextAccount.email, emailVerified: false });
      const { rows } = await strict.db.query(
        'SELECT email FROM email_verifications WHERE user_id = $1',
        [me.body.metadata.id],
      );
      expect(rows).toEqual([{ email: oidc.nextAccount.email }]);
    } finally {
      await strict.close();
    }
  });
});

describe('refused callbacks change nothing', () => {
  async function expectRefused(client: TestClient, url: URL | string, message: RegExp) {
    const before = await databaseSnapshot(t.db);
    const target = typeof url === 'string' ? new URL(url) : url;
    const { path, error } = await callback(client, target);
    expect(path).toBe('/auth/login');
    expect(error).toMatch(message);
    expect(await databaseSnapshot(t.db)).toEqual(before);
    expect(client.cookies.has('trellis')).toBe(false);
  }

  it('without the flow cookie (another browser, or cookies off)', async () => {
    oidc.nextAccount = googleAccount();
    const answer = await toCallback(new TestClient(t.app), 'google');
    await expectRefused(new TestClient(t.app), answer, /make sure cookies are enabled/);
  });

  it('with no state, or a state other than the one sent', async () => {
    oidc.nextAccount = googleAccount();
    for (const state of [null, 'forged-state']) {
      const client = new TestClient(t.app);
      const answer = await toCallback(client, 'google');
      if (state === null) answer.searchParams.delete('state');
      else answer.searchParams.set('state', state);
      await expectRefused(client, answer, /^Could not sign in with Google\. Please try again\.$/);
    }
  });

  it('with an altered code, an altered cookie, or the answer used twice', async () => {
    oidc.nextAccount = googleAccount();
    const altered = new TestClient(t.app);
    const answer = await toCallback(altered, 'google');
    answer.searchParams.set('code', `${answer.searchParams.get('code')}x`);
    await expectRefused(altered, answer, /^Could not sign in with Google/);

    const tampered = new TestClient(t.app);
    const tamperedAnswer = await toCallback(tampered, 'google');
    const sealed = tampered.cookies.get('trellis_oauth_google')!;
    tampered.cookies.set('trellis_oauth_google', `${sealed.slice(0, -4)}AAAA`);
    await expectRefused(tampered, tamperedAnswer, /make sure cookies are enabled/);

    // The GitHub flow's cookie does not open a Google callback.
    const crossed = new TestClient(t.app);
    const crossedAnswer = await toCallback(crossed, 'google');
    await crossed.get('/api/v1/users/github/start');
    crossed.cookies.set('trellis_oauth_google', crossed.cookies.get('trellis_oauth_github')!);
    await expectRefused(crossed, crossedAnswer, /make sure cookies are enabled/);

    // Replayed with its flow cookie (copied before the browser spent it), the code was used.
    const first = new TestClient(t.app);
    const used = await toCallback(first, 'google');
    const replay = new TestClient(t.app);
    replay.cookies.set('trellis_oauth_google', first.cookies.get('trellis_oauth_google')!);
    expect((await callback(first, used)).error).toBeNull();
    await expectRefused(replay, used, /^Could not sign in with Google/);
  });

  it('when the provider refuses (the user cancelled)', async () => {
    const client = new TestClient(t.app);
    const start = await client.get('/api/v1/users/google/start');
    const state = new URL(start.raw.headers.location as string).searchParams.get('state');
    await expectRefused(
      client,
      `${GOOGLE_CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(oidc.issuer)}`,
      /^Could not sign in with Google/,
    );
  });
});

describe('GitHub', () => {
  it('creates an account from the primary verified address and signs it in', async () => {
    const account = githubAccount();
    github.nextAccount = account;
    const { client, path, error } = await signIn('github');
    expect({ path, error }).toEqual({ path: '/', error: null });
    const me = await client.get<CurrentUser>('/api/v1/users/current');
    expect(me.body).toMatchObject({
      email: account.emails[1]!.email,
      name: 'Octo Cat',
      emailVerified: true,
    });
    expect(await identities(me.body.metadata.id)).toEqual([
      { provider: 'github', subject: String(account.id) },
    ]);
  });

  it('links an existing account by its verified primary address', async () => {
    const user = await registerUser(t.app);
    oidc.nextAccount = googleAccount({ email: user.email });
    await signIn('google');
    github.nextAccount = githubAccount({
      name: null,
      emails: [{ email: user.email, primary: true, verified: true }],
    });
    const { client, error } = await signIn('github');
    expect(error).toBeNull();
    const me = await client.get<CurrentUser>('/api/v1/users/current');
    expect(me.body.metadata.id).toBe(user.userId);
    expect((await identities(user.userId)).map((row) => row.provider)).toEqual([
      'github',
      'google',
    ]);
  });

  it('refuses an account whose primary address is not verified, whatever the others are', async () => {
    const user = await registerUser(t.app);
    github.nextAccount = githubAccount({
      emails: [
        { email: user.email, primary: true, verified: false },
        { email: uniqueEmail('other'), primary: false, verified: true },
      ],
    });
    const client = new TestClient(t.app);
    const answer = await toCallback(client, 'github');
    const before = await databaseSnapshot(t.db);
    const { path, error } = await callback(client, answer);
    expect(path).toBe('/auth/login');
    expect(error).toMatch(/no verified primary email address/);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('refuses a code GitHub does not accept, and a forged state', async () => {
    github.nextAccount = githubAccount();
    const client = new TestClient(t.app);
    const answer = await toCallback(client, 'github');
    answer.searchParams.set('code', 'not-a-code');
    const before = await databaseSnapshot(t.db);
    expect((await callback(client, answer)).error).toBe(
      'Could not sign in with GitHub. Please try again.',
    );
    const forged = new TestClient(t.app);
    const forgedAnswer = await toCallback(forged, 'github');
    forgedAnswer.searchParams.set('state', 'forged');
    expect((await callback(forged, forgedAnswer)).error).toBe(
      'Could not sign in with GitHub. Please try again.',
    );
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the browser back to the sign-in page with the reason, not an error page', async () => {
    const unreachable = await startTestApp({
      ...providers.env,
      // Nothing listens on port 9 (discard) of the loopback address.
      TRELLIS_GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
    });
    try {
      const client = new TestClient(unreachable.app);
      const start = await client.get('/api/v1/users/google/start');
      expect(start.status).toBe(302);
      expect(start.raw.headers.location).toBe(
        `/auth/login?error=${encodeURIComponent('Could not sign in with Google. Please try again.')}`,
      );
      expect(client.cookies.has('trellis_oauth_google')).toBe(false);
    } finally {
      await unreachable.close();
    }
  });
});

describe('providers that are not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain?.close());

  it('are left out of /meta and answer 404', async () => {
    const client = new TestClient(plain.app);
    const meta = await client.get<{ auth: { schemes: string[] } }>('/api/v1/meta');
    expect(meta.body.auth.schemes).toEqual(['basic']);
    for (const [provider, label] of [
      ['google', 'Google'],
      ['github', 'GitHub'],
    ]) {
      for (const step of ['start', 'callback?code=x&state=y']) {
        const response = await client.get<{ errors: { description: string }[] }>(
          `/api/v1/users/${provider}/${step}`,
        );
        expect(response.status).toBe(404);
        expect(response.body.errors).toEqual([
          { description: `${label} sign-in is not enabled on this server` },
        ]);
      }
    }
  });
});
