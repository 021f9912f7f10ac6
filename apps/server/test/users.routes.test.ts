import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser, startTestApp, TestClient, type TestApp } from './test-app';

interface User {
  metadata: { id: string };
  email: string;
  name?: string;
  emailVerified: boolean;
  hasPassword?: boolean;
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('register', () => {
  it('creates a verified user, signs them in and issues session and anti-forgery cookies', async () => {
    const client = new TestClient(t.app);
    const response = await client.post<User>('/api/v1/users/register', {
      name: 'Ada',
      email: 'Ada@Example.com',
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      emailVerified: true,
    });
    const session = (
      response.raw.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[]
    ).find((cookie) => cookie.name === 'trellis');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(client.cookies.get('XSRF-TOKEN')).toBeTruthy();

    const current = await client.get<User>('/api/v1/users/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ email: 'ada@example.com', hasPassword: true });
  });

  it('refuses a taken email, whatever its case', async () => {
    const { email } = await registerUser(t.app);
    const response = await new TestClient(t.app).post<Errors>('/api/v1/users/register', {
      name: 'Again',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { field: 'email', description: 'An account with this email already exists' },
    ]);
  });

  it('answers each invalid field with its own error', async () => {
    const response = await new TestClient(t.app).post<Errors>('/api/v1/users/register', {
      name: '',
      email: 'not-an-email',
      password: 'short',
    });
    expect(response.status).toBe(400);
    const byField = Object.fromEntries(
      response.body.errors.map((error) => [error.field, error.description]),
    );
    expect(byField.email).toBe('Invalid email address');
    expect(byField.password).toMatch(
      /^Invalid password\. Passwords must be between 8 and 64 characters/,
    );
    expect(byField.name).toBe('Name is required');
  });
});

describe('login and logout', () => {
  it('signs in with the right password and refuses a wrong one with one message', async () => {
    const { email } = await registerUser(t.app);
    const client = new TestClient(t.app);
    const wrong = await client.post<Errors>('/api/v1/users/login', {
      email,
      password: 'Wrong-passw0rd',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ description: 'invalid credentials' }]);
    const unknown = await client.post<Errors>('/api/v1/users/login', {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    expect(unknown.body.errors).toEqual([{ description: 'invalid credentials' }]);

    const right = await client.post<User>('/api/v1/users/login', { email, password: PASSWORD });
    expect(right.status).toBe(200);
    expect((await client.get('/api/v1/users/current')).status).toBe(200);

    const logout = await client.post<User>('/api/v1/users/logout');
    expect(logout.status).toBe(200);
    expect(client.cookies.has('trellis')).toBe(false);
    expect((await client.get('/api/v1/users/current')).status).toBe(403);
  });

  it('slows down repeated failures for an account', async () => {
    const { email } = await registerUser(t.app);
    const statuses: number[] = [];
    // A new client each time: distinct addresses, so only the per-account record applies.
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await new TestClient(t.app).post('/api/v1/users/login', {
        email,
        password: 'Wrong-passw0rd',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    // Even the right password waits until the delay has passed.
    const blocked = await new TestClient(t.app).post('/api/v1/users/login', {
      email,
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
  });

  it('answers GET /users/current with 403 when signed out', async () => {
    const response = await new TestClient(t.app).get<Errors>('/api/v1/users/current');
    expect(response.status).toBe(403);
    expect(response.body.errors[0]?.description).toBe('Please provide valid credentials');
  });
});

describe('anti-forgery token', () => {
  it('is required on cookie-authenticated writes and must match the session', async () => {
    const { client } = await registerUser(t.app);
    client.sendXsrf = false;
    const missing = await client.post<Errors>('/api/v1/tenants', {
      name: 'x',
      slug: `x-${Date.now()}`,
    });
    expect(missing.status).toBe(403);
    expect(missing.body.errors[0]?.description).toMatch(/anti-forgery/);

    const forged = await client.request(
      'POST',
      '/api/v1/tenants',
      { name: 'x', slug: `y-${Date.now()}` },
      {
        'x-xsrf-token': 'forged',
      },
    );
    expect(forged.status).toBe(403);

    client.sendXsrf = true;
    expect(
      (await client.post('/api/v1/tenants', { name: 'x', slug: `z-${Date.now()}` })).status,
    ).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, then signs other sessions out', async () => {
    const { client, email } = await registerUser(t.app);
    const other = new TestClient(t.app);
    await other.post('/api/v1/users/login', { email, password: PASSWORD });

    const wrong = await client.post<Errors>('/api/v1/users/password', {
      password: 'Not-the-passw0rd',
      newPassword: 'New-passw0rd',
    });
    expect(wrong.status).toBe(400);

    const changed = await client.post<User>('/api/v1/users/password', {
      password: PASSWORD,
      newPassword: 'New-passw0rd',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.hasPassword).toBe(true);
    expect((await client.get('/api/v1/users/current')).status).toBe(200);
    expect((await other.get('/api/v1/users/current')).status).toBe(403);

    const relogin = await new TestClient(t.app).post('/api/v1/users/login', {
      email,
      password: 'New-passw0rd',
    });
    expect(relogin.status).toBe(200);
  });
});
