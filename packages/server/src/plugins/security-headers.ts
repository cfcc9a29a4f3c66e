import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * What the built web app needs and nothing more. Vite emits no inline script, so scripts are
 * 'self' only. Mantine writes its CSS variables into a <style> element at run time and sets
 * style attributes on components, so styles need 'unsafe-inline' (Mantine offers a nonce only
 * for its <style> elements, not for attributes).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: API, static files, errors and 404s. HSTS only on a
 * request that came over TLS (directly, or through a trusted proxy's X-Forwarded-Proto):
 * announced over plain HTTP it would lock a browser out of a server that has no TLS.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      // Helmet's defaults add upgrade-insecure-requests, which breaks a server reached over plain HTTP.
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    });
  },
  { name: 'security-headers' },
);
