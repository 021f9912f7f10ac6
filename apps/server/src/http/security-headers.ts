import type { FastifyInstance } from 'fastify';

/** Browser hardening headers on every response. HSTS only makes sense behind https. */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers({
      'content-security-policy':
        "script-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      ...(options.https
        ? { 'strict-transport-security': 'max-age=776000; includeSubDomains; preload' }
        : {}),
    });
    return payload;
  });
}
