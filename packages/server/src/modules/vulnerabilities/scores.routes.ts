// Scores kept per CVE apart from the vulnerability records: EPSS (spec §7 "EPSS by cve
// ids") and the distributions' own ratings (spec §7 "GET distro-cvss/ (cve__in, distro)").
// Read in chunks of at most 100 ids, as the client fetches ids (spec §9).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { CveQuery, DistroCvss, DistroCvssQuery, Epss, ListOf, MAX_IDS } from './schemas.ts';
import type { VulnerabilitiesService } from './service.ts';

const CVE = /^CVE-\d{4}-\d{4,}$/i;

/** The ids of `cve__in`, upper-cased and deduplicated; a malformed id or too many is a validation error. */
export function parseCveList(value: string): string[] {
  const ids = [...new Set(value.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
  const bad = ids.find((id) => !CVE.test(id));
  if (bad !== undefined) throw new AppError('cve_list_invalid', `"${bad}" is not a CVE id.`);
  if (ids.length > MAX_IDS) throw new AppError('cve_list_invalid', `At most ${MAX_IDS} ids per request.`);
  return ids;
}

export const scoresRoutes: FastifyPluginAsyncTypebox<{ vulnerabilities: VulnerabilitiesService }> = async (app, { vulnerabilities: service }) => {

  app.get('/rest/distro-cvss/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['vulnerabilities'],
      summary: "Distributions' own ratings of CVEs (the most severe per distribution and CVE)",
      querystring: DistroCvssQuery,
      response: { 200: ListOf(DistroCvss) },
    },
  }, async (request) => {
    const results = await service.distroCvss(parseCveList(request.query.cve__in), request.query.distro);
    return { count: results.length, results };
  });

  app.get('/rest/epss/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['vulnerabilities'],
      summary: 'EPSS scores and percentiles of CVEs',
      querystring: CveQuery,
      response: { 200: ListOf(Epss) },
    },
  }, async (request) => {
    const results = await service.epss(parseCveList(request.query.cve__in));
    return { count: results.length, results };
  });
};
