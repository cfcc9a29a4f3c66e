// Scores kept per CVE apart from the vulnerability records: EPSS (spec §7 "EPSS by cve
// ids") and the distributions' own ratings (spec §7 "GET distro-cvss/ (cve__in, distro)").
// Read in chunks of at most 100 ids, as the client fetches ids (spec §9).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { KnowledgeBase } from '@binlens/vulndb';
import { type Static, Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';

/** Spec §9: ids are fetched in chunks of 100. */
export const MAX_IDS = 100;
const CVE = /^CVE-\d{4}-\d{4,}$/i;

const CveQuery = {
  cve__in: Type.String({ minLength: 1, maxLength: 2000, description: `Comma-separated CVE ids, at most ${MAX_IDS}.` }),
};

const DistroCvssQuery = Type.Object({
  ...CveQuery,
  distro: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only this distribution: debian, ubuntu.' })),
});

const DistroCvss = Type.Object({
  distro: Type.String(),
  cve: Type.String(),
  severity: Type.String({ description: "The distribution's own word: Ubuntu priority, Debian urgency." }),
  score: Type.Union([Type.Number(), Type.Null()]),
  vector: Type.Union([Type.String(), Type.Null()]),
}, { title: 'DistroCvss' });

const Epss = Type.Object({
  cve: Type.String(),
  epss: Type.Number(),
  percentile: Type.Number(),
  model_version: Type.Union([Type.String(), Type.Null()]),
  score_date: Type.Union([Type.String(), Type.Null()]),
}, { title: 'Epss' });

const list = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ count: Type.Integer(), results: Type.Array(item) });

/** The ids of `cve__in`, upper-cased and deduplicated; a malformed id or too many is a validation error. */
export function parseCveList(value: string): string[] {
  const ids = [...new Set(value.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
  const bad = ids.find((id) => !CVE.test(id));
  if (bad !== undefined) throw new AppError('cve_list_invalid', `"${bad}" is not a CVE id.`);
  if (ids.length > MAX_IDS) throw new AppError('cve_list_invalid', `At most ${MAX_IDS} ids per request.`);
  return ids;
}

export const scoresRoutes: FastifyPluginAsyncTypebox<{ knowledgeBase: KnowledgeBase }> = async (app, { knowledgeBase: kb }) => {

  app.get('/rest/distro-cvss/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['vulnerabilities'],
      summary: "Distributions' own ratings of CVEs (the most severe per distribution and CVE)",
      querystring: DistroCvssQuery,
      response: { 200: list(DistroCvss) },
    },
  }, async (request) => {
    const query: Static<typeof DistroCvssQuery> = request.query;
    const rows = (await kb.distroCvss(parseCveList(query.cve__in))).filter((r) => query.distro === undefined || r.distro === query.distro);
    const results = rows
      .map((r) => ({ distro: r.distro, cve: r.cve, severity: r.severity, score: r.score, vector: r.vector }))
      .sort((a, b) => a.cve.localeCompare(b.cve) || a.distro.localeCompare(b.distro));
    return { count: results.length, results };
  });

  app.get('/rest/epss/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['vulnerabilities'],
      summary: 'EPSS scores and percentiles of CVEs',
      querystring: Type.Object(CveQuery),
      response: { 200: list(Epss) },
    },
  }, async (request) => {
    const rows = await kb.epss(parseCveList(request.query.cve__in));
    const results = rows
      .map((r) => ({ cve: r.cve, epss: r.epss, percentile: r.percentile, model_version: r.modelVersion, score_date: r.scoreDate }))
      .sort((a, b) => a.cve.localeCompare(b.cve));
    return { count: results.length, results };
  });
};
