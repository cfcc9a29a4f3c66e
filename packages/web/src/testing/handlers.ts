// Handlers that many pages need beside their own: the app frame and every list asks for the
// knowledge base's state (lib/knowledge-base.ts), so a test that is not about it answers ready.
import { HttpResponse } from 'msw';
import type { KnowledgeBaseStatus } from '../lib/api-schemas.ts';
import { mock } from './api-mocks.ts';
import { buildKnowledgeBase } from './builders.ts';

/** GET /rest/knowledge-base/ answering buildKnowledgeBase(overrides): ready unless overridden. */
export function knowledgeBaseAnswer(overrides: Partial<KnowledgeBaseStatus> = {}) {
  return mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase(overrides)));
}

/** The knowledge base of a server that has no vulnerability data yet. */
export const EMPTY_KNOWLEDGE_BASE: Partial<KnowledgeBaseStatus> = { state: 'empty', updated: null };
