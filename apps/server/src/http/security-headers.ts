import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Seconds browsers remember to use HTTPS only (HSTS): one year. */
export const HSTS_SECONDS = 365 * 24 * 3600;

/**
 * The Content-Security-Policy directives of every response (docs/security.md, "Script injection"):
 * scripts only from the site's own origin and never inline (the built client has no inline script),
 * no plugins, no framing (`frame-ancestors 'none'`), forms and connections (the API, the realtime
 * WebSocket) to the own origin only. Styles allow inline style attributes, which React uses; images
 * may also come from the S3 bucket's public URL when photos are stored there.
 */
export function contentSecurityPolicy(config: Pick<Config, 's3'>): Record<string, string[] | null> {
  const imageOrigins = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...imageOrigins],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Plain-HTTP sites (the demo on localhost) must keep working; HTTPS sites get HSTS instead.
    'upgrade-insecure-requests': null,
  };
}

/**
 * Security headers on every response (pages, API, photos, the test checkout page) through
 * @fastify/helmet: the CSP above, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, Cross-Origin-Opener-Policy; and
 * `Strict-Transport-Security` only on responses served over HTTPS (directly or, with TRUST_PROXY,
 * behind a proxy that says so), so a plain-HTTP demo is never pinned to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // Photos are loaded by the site's own pages; other origins have no business embedding them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https')
      reply.header('strict-transport-security', `max-age=${HSTS_SECONDS}; includeSubDomains`);
  });
}
