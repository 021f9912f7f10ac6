import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a first start', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(8080);
    expect(config.grpc.port).toBe(7070);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.grpc.broadcastAddress).toBe('localhost:7070');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.trellis$/);
    expect(config.admin).toEqual({ email: 'admin@example.com', password: undefined });
    expect(config.secureCookies).toBe(false);
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(loadConfig({ TRELLIS_HTTP_PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    const config = loadConfig({ TRELLIS_PUBLIC_URL: 'https://trellis.example.com/' });
    expect(config.publicUrl).toBe('https://trellis.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    [{ TRELLIS_HTTP_PORT: 'abc' }, 'TRELLIS_HTTP_PORT'],
    [{ TRELLIS_GRPC_PORT: '70000' }, 'TRELLIS_GRPC_PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ TRELLIS_PUBLIC_URL: 'localhost:8080' }, 'TRELLIS_PUBLIC_URL'],
    [{ TRELLIS_ADMIN_EMAIL: 'nobody' }, 'TRELLIS_ADMIN_EMAIL'],
    [{ TRELLIS_ADMIN_PASSWORD: 'weak' }, 'TRELLIS_ADMIN_PASSWORD'],
    [{ TRELLIS_LOG_LEVEL: 'loud' }, 'TRELLIS_LOG_LEVEL'],
  ])('refuses %o with one line naming the setting', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', TRELLIS_HTTP_PORT: '' }).http.port).toBe(8080);
  });
});

describe('email settings', () => {
  it('keep mail in the outbox and verify nobody by default', () => {
    expect(loadConfig({}).email).toEqual({
      smtp: undefined,
      from: 'Trellis <no-reply@localhost>',
      verificationRequired: false,
    });
  });

  it('read an SMTP relay, its TLS mode and credentials; verification follows it', () => {
    const email = loadConfig({
      TRELLIS_SMTP_HOST: 'smtp.example.com',
      TRELLIS_SMTP_TLS: 'tls',
      TRELLIS_SMTP_USER: 'trellis',
      TRELLIS_SMTP_PASSWORD: 'secret',
      TRELLIS_SMTP_FROM: 'Ops <ops@example.com>',
    }).email;
    expect(email).toEqual({
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        tls: 'tls',
        auth: { user: 'trellis', password: 'secret' },
      },
      from: 'Ops <ops@example.com>',
      verificationRequired: true,
    });
    expect(loadConfig({ TRELLIS_SMTP_HOST: 'relay' }).email.smtp).toMatchObject({
      port: 587,
      tls: 'starttls',
    });
    expect(
      loadConfig({ TRELLIS_SMTP_HOST: 'relay', TRELLIS_EMAIL_VERIFICATION: 'off' }).email
        .verificationRequired,
    ).toBe(false);
    expect(loadConfig({ TRELLIS_EMAIL_VERIFICATION: 'required' }).email.verificationRequired).toBe(
      true,
    );
  });

  it.each([
    [{ TRELLIS_SMTP_HOST: 'relay', TRELLIS_SMTP_TLS: 'ssl' }, 'TRELLIS_SMTP_TLS must be'],
    [{ TRELLIS_SMTP_FROM: 'nobody' }, 'TRELLIS_SMTP_FROM must be'],
    [{ TRELLIS_SMTP_PORT: '25' }, 'TRELLIS_SMTP_PORT is set but TRELLIS_SMTP_HOST is not'],
    [
      { TRELLIS_SMTP_HOST: 'relay', TRELLIS_SMTP_USER: 'me' },
      'TRELLIS_SMTP_USER and TRELLIS_SMTP_PASSWORD must be set together',
    ],
    [{ TRELLIS_EMAIL_VERIFICATION: 'maybe' }, 'TRELLIS_EMAIL_VERIFICATION must be'],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('sign-in providers', () => {
  it('are off by default, with Google and GitHub addresses to use once on', () => {
    expect(loadConfig({}).oauth).toEqual({
      google: { client: undefined, issuerUrl: 'https://accounts.google.com' },
      github: { client: undefined, url: 'https://github.com', apiUrl: 'https://api.github.com' },
    });
    const config = loadConfig({
      TRELLIS_GOOGLE_CLIENT_ID: 'google-id',
      TRELLIS_GOOGLE_CLIENT_SECRET: 'google-secret',
      TRELLIS_GOOGLE_ISSUER_URL: 'https://id.example.com/',
      TRELLIS_GITHUB_CLIENT_ID: 'github-id',
      TRELLIS_GITHUB_CLIENT_SECRET: 'github-secret',
      TRELLIS_GITHUB_URL: 'https://ghe.example.com',
      TRELLIS_GITHUB_API_URL: 'https://ghe.example.com/api/v3',
    });
    expect(config.oauth).toEqual({
      google: {
        client: { id: 'google-id', secret: 'google-secret' },
        issuerUrl: 'https://id.example.com',
      },
      github: {
        client: { id: 'github-id', secret: 'github-secret' },
        url: 'https://ghe.example.com',
        apiUrl: 'https://ghe.example.com/api/v3',
      },
    });
  });

  it.each([
    [
      { TRELLIS_GOOGLE_CLIENT_ID: 'id' },
      'TRELLIS_GOOGLE_CLIENT_ID and TRELLIS_GOOGLE_CLIENT_SECRET',
    ],
    [
      { TRELLIS_GITHUB_CLIENT_SECRET: 's' },
      'TRELLIS_GITHUB_CLIENT_ID and TRELLIS_GITHUB_CLIENT_SECRET',
    ],
    [{ TRELLIS_GOOGLE_ISSUER_URL: 'accounts.google.com' }, 'TRELLIS_GOOGLE_ISSUER_URL must be'],
    [{ TRELLIS_GITHUB_API_URL: 'ftp://x' }, 'TRELLIS_GITHUB_API_URL must be'],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the Slack app for alerts', () => {
  it('is off by default, and on with its client id and secret', () => {
    expect(loadConfig({}).slack).toEqual({ client: undefined, url: 'https://slack.com' });
    const config = loadConfig({
      TRELLIS_SLACK_CLIENT_ID: '123.456',
      TRELLIS_SLACK_CLIENT_SECRET: 'slack-secret',
      TRELLIS_SLACK_URL: 'http://127.0.0.1:9999/',
    });
    expect(config.slack).toEqual({
      client: { id: '123.456', secret: 'slack-secret' },
      url: 'http://127.0.0.1:9999',
    });
  });

  it.each([
    [{ TRELLIS_SLACK_CLIENT_ID: 'id' }, 'TRELLIS_SLACK_CLIENT_ID and TRELLIS_SLACK_CLIENT_SECRET'],
    [{ TRELLIS_SLACK_URL: 'slack.com' }, 'TRELLIS_SLACK_URL must be'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('tenant resource limits', () => {
  it('are off by default, with generous limits and a day-long window for when they are on', () => {
    const { resourceLimits } = loadConfig({});
    expect(resourceLimits.enforced).toBe(false);
    expect(resourceLimits.defaults.EVENT).toEqual({
      limitValue: 10_000_000,
      alarmValue: 8_000_000,
      window: '24h',
      windowMs: 86_400_000,
    });
    expect(resourceLimits.defaults.CRON).toEqual({
      limitValue: 1_000,
      alarmValue: 800,
      window: undefined,
      windowMs: undefined,
    });
  });

  it('take each limit, the alarm share and the windows from the environment', () => {
    const { resourceLimits } = loadConfig({
      TRELLIS_RESOURCE_LIMITS: 'on',
      TRELLIS_RESOURCE_LIMIT_WORKER: 'unlimited',
      TRELLIS_RESOURCE_LIMIT_TASK_RUN: '1000',
      TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT: '50',
      TRELLIS_RESOURCE_LIMIT_TASK_RUN_WINDOW: '168h',
    });
    expect(resourceLimits.enforced).toBe(true);
    expect(resourceLimits.defaults.WORKER.limitValue).toBe(2 ** 31 - 1);
    expect(resourceLimits.defaults.TASK_RUN).toEqual({
      limitValue: 1000,
      alarmValue: 500,
      window: '168h',
      windowMs: 604_800_000,
    });
  });

  it.each([
    [{ TRELLIS_RESOURCE_LIMITS: 'yes' }, 'TRELLIS_RESOURCE_LIMITS must be on or off'],
    [{ TRELLIS_RESOURCE_LIMIT_EVENT: '-1' }, 'TRELLIS_RESOURCE_LIMIT_EVENT must be a whole'],
    [{ TRELLIS_RESOURCE_LIMIT_EVENT_WINDOW: 'daily' }, 'TRELLIS_RESOURCE_LIMIT_EVENT_WINDOW'],
    [{ TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT: '0' }, 'TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT'],
  ])('refuse %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
