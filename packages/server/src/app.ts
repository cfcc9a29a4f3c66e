import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { BlobStore } from './blobs/blob-store.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type Engine, realEngine } from './engine/engine.ts';
import { authRoutes, createDefaultAuthService } from './modules/auth/routes.ts';
import { groupsRoutes } from './modules/groups/routes.ts';
import { scansRoutes } from './modules/scans/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { vulnerabilitiesRoutes } from './modules/vulnerabilities/routes.ts';
import { scoresRoutes } from './modules/vulnerabilities/scores.routes.ts';
import { analysisRoutes } from './modules/scans/analysis.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { queuePlugin } from './plugins/queue.ts';
import { webPlugin } from './plugins/web.ts';
import { DEFAULT_MAX_UPLOAD_BYTES, NO_QUOTAS, type Quotas, type TrustProxy } from './config.ts';
import { isStorableText, TEXT_FORMAT } from './lib/schemas.ts';
import { boundedLogger } from './plugins/logging.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';

export interface AppOptions {
  /** An open database (the caller closes it), or where to open one (the app closes it). */
  database: Database | { databaseUrl?: string | undefined; pgliteDir?: string | undefined };
  blobs: BlobStore;
  /** Start pg-boss; false only for tools that never enqueue (openapi-dump). Default true. */
  queue?: boolean;
  webDist?: string | undefined;
  maxUploadBytes?: number;
  engine?: Engine;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy (BINLENS_TRUST_PROXY); default false. */
  trustProxy?: TrustProxy;
  /** Upload quotas; default none. */
  quotas?: Quotas;
}

/** Registers plugins, then modules. Never listens: main.ts does, tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: boundedLogger(options.logger ?? false),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    ajv: { customOptions: { allErrors: true, formats: { [TEXT_FORMAT]: isStorableText } } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const owned = !('kind' in options.database);
  const database = 'kind' in options.database ? options.database : await openDatabase(options.database);
  const blobs = options.blobs;
  const engine = options.engine ?? realEngine;
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;

  try {
    await app.register(dbPlugin, { database, owned });
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin);
    await app.register(openapiPlugin);
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: maxUploadBytes + 1, files: 1 } });
    await app.register(queuePlugin, { enabled: options.queue ?? true });
    const auth = createDefaultAuthService(app);
    await app.register(authPlugin, { auth });
    await app.register(csrfPlugin);

    await app.register(authRoutes, { auth });
    await app.register(usersRoutes);
    await app.register(groupsRoutes);
    await app.register(scansRoutes, { blobs, engine, maxUploadBytes, quotas: options.quotas ?? NO_QUOTAS });
    await app.register(vulnerabilitiesRoutes);
    await app.register(scoresRoutes);
    await app.register(analysisRoutes);
    await app.register(webPlugin, { webDist: options.webDist ?? '' });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    if (owned) await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Fastify takes a hop count at run time but types only a function for it. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
