import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ERRORS } from '../lib/errors.ts';
import { isApiPath } from './route-path.ts';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * Serves the built web app at / with SPA fallback: a GET outside /rest/ that names no file
 * answers index.html. Unknown /rest/ paths answer 404 `{detail}`.
 */
export const webPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const hasWeb = existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Files under static/ carry a content hash in their names, so they never change.
          const relative = path.relative(webDist, filePath);
          res.header('Cache-Control', relative.startsWith(`static${path.sep}`) ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request);
      if (hasWeb && isPage && !request.url.startsWith('/static/')) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ detail: ERRORS.not_found.message });
    });
  },
  { name: 'web' },
);
