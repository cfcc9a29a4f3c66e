// Static code analysis (spec §7 `GET /scans/{id}/rss-findings/`): the rules each executable of a
// ready scan breaks, and the catalogue of rules with what each means.
import { CODE_RULES } from '@binlens/engine';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanAnalysisService } from './analysis-service.ts';
import { CodeFindingPage, CodeFindingQuery, CodeRuleList } from './code-findings.schemas.ts';

export const codeFindingsRoutes: FastifyPluginAsyncTypebox<{ analysis: ScanAnalysisService }> = async (app, { analysis }) => {
  app.get('/rest/scans/:id/rss-findings/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description: 'Static code analysis of a ready scan: one finding per executable and rule it breaks (unsafe imported functions, insecure library search paths); 409 while it is busy or failed.',
      params: IdParams,
      querystring: CodeFindingQuery,
      response: { 200: CodeFindingPage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    const { rule, severity, search } = request.query;
    const filter = { rule, severity, search: search === '' ? undefined : search };
    const links = { path: `/rest/scans/${id}/rss-findings/`, query: { rule, severity, search } };
    return analysis.codeFindings(viewerOf(request), id, filter, pageRequest(request.query), links);
  });

  app.get('/rest/static-code-rules/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['scans'],
      description: 'The static code analysis rules a finding names, with why each is dangerous and what to do instead.',
      response: { 200: CodeRuleList },
    },
  }, async () => CODE_RULES.map((rule) => ({ ...rule, functions: [...rule.functions] })));
};
