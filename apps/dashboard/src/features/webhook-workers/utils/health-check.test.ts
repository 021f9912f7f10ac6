import { describe, expect, it } from 'vitest';
import { healthCheckStyle } from './health-check';

describe('healthCheckStyle', () => {
  it('reads a 2xx as a worker that can receive runs', () => {
    expect(healthCheckStyle(200)).toMatchObject({ label: '200 OK', tone: 'green' });
  });

  it('points each failure at what to check', () => {
    expect(healthCheckStyle(401).message).toContain('secret');
    expect(healthCheckStyle(404).message).toContain('path');
    expect(healthCheckStyle(500).message).toContain('logs');
    expect(healthCheckStyle(502).message).toContain('domain');
    expect(healthCheckStyle(0)).toMatchObject({ label: 'No answer', tone: 'red' });
  });
});
