// Handlers that many pages need beside their own: the app frame and every list asks for the
// knowledge base's state (lib/knowledge-base.ts), so a test that is not about it answers ready.
import { HttpResponse } from 'msw';
import type { KnowledgeBaseStatus } from '../lib/api-schemas.ts';
import { mock } from './api-mocks.ts';
import { buildGroup, buildKnowledgeBase, buildScan, buildUser } from './builders.ts';

/** GET /rest/knowledge-base/ answering buildKnowledgeBase(overrides): ready unless overridden. */
export function knowledgeBaseAnswer(overrides: Partial<KnowledgeBaseStatus> = {}) {
  return mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase(overrides)));
}

/** The knowledge base of a server that has no vulnerability data yet. */
export const EMPTY_KNOWLEDGE_BASE: Partial<KnowledgeBaseStatus> = { state: 'empty', updated: null };

/** What a scan page's tab needs besides its own list: the user, the knowledge base, the scan and its group. */
export function scanPageAnswers() {
  return [
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
  ];
}

/** A list's resolver that answers through `answer` and keeps each request's query string in `queries`. */
export function recordingQueries(answer: (query: URLSearchParams) => Response): { queries: string[]; resolve: (info: { request: Request }) => Response } {
  const queries: string[] = [];
  return {
    queries,
    resolve: ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return answer(url.searchParams);
    },
  };
}
