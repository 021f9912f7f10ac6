import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE, type ApiErrors } from '@trellis/api-contract';
import {
  createApiToken,
  PASSWORD,
  registerOwner,
  registerUser,
  startTestApp,
  TestClient,
  type TestApp,
} from './test-app';

const NEW_PASSWORD = 'Changed-passw0rd';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const change = (client: TestClient, password: string, newPassword: string) =>
  client.post<ApiErrors & { hasPassword?: boolean }>('/api/v1/users/password', {
    password,
    newPassword,
  });

describe('POST /users/password', () => {
  it('keeps the current session, signs every other one out, and replaces the password', async () => {
    const { client, email } = await registerUser(t.app);
    const phone = new TestClient(t.app);
    const laptop = new TestClient(t.app);
    for (const other of [phone, laptop])
      expect((await other.post('/api/v1/users/login', { email, password: PASSWORD })).status).toBe(
        200,
      );

    const changed = await change(client, PASSWORD, NEW_PASSWORD);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email, hasPassword: true });

    expect((await client.get('/api/v1/users/current')).status).toBe(200);
    expect((await phone.get('/api/v1/users/current')).status).toBe(403);
    expect((await laptop.get('/api/v1/users/current')).status).toBe(403);

    const old = await new TestClient(t.app).post<ApiErrors>('/api/v1/users/login', {
      email,
      password: PASSWORD,
    });
    expect(old.status).toBe(400);
    const fresh = await new TestClient(t.app).post('/api/v1/users/login', {
      email,
      password: NEW_PASSWORD,
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses a wrong current password under its field and changes nothing', async () => {
    const { client, email } = await registerUser(t.app);
    const other = new TestClient(t.app);
    await other.post('/api/v1/users/login', { email, password: PASSWORD });
    // Wrong, whether or not it looks like a valid password.
    for (const wrong of ['Not-the-passw0rd', 'short']) {
      const response = await change(client, wrong, NEW_PASSWORD);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([
        { field: 'password', description: 'invalid credentials' },
      ]);
    }
    expect((await other.get('/api/v1/users/current')).status).toBe(200);
    const login = await new TestClient(t.app).post('/api/v1/users/login', {
      email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('slows down guessing the current password', async () => {
    const { client } = await registerUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await change(client, `Guess-${attempt}-passW0rd`, NEW_PASSWORD)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right one waits until the delay has passed.
    expect((await change(client, PASSWORD, NEW_PASSWORD)).status).toBe(429);
  });

  it('refuses a weak new password with the password rule, and an empty current one', async () => {
    const { client } = await registerUser(t.app);
    for (const weak of [
      'short1A',
      'alllowercase1',
      'ALLUPPERCASE1',
      'NoDigitsHere',
      'A1a'.repeat(22),
    ]) {
      const response = await change(client, PASSWORD, weak);
      expect(response.status, weak).toBe(400);
      expect(response.body.errors).toEqual([
        { field: 'newPassword', description: PASSWORD_MESSAGE },
      ]);
    }
    const empty = await change(client, '', NEW_PASSWORD);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { field: 'password', description: 'Enter your current password' },
    ]);
  });

  it('refuses a caller who is not signed in, and an API token', async () => {
    const anonymous = await change(new TestClient(t.app), PASSWORD, NEW_PASSWORD);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.errors[0]?.description).toBe('Please provide valid credentials');

    const withToken = new TestClient(t.app);
    withToken.bearer = await createApiToken(await registerOwner(t.app));
    expect((await change(withToken, PASSWORD, NEW_PASSWORD)).status).toBe(403);
  });
});
