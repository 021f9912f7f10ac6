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
