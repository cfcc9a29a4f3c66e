import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { CONTENT_TYPES } from './registry.ts';

export const ContentType = Type.Object({
  id: Type.Integer({ description: 'Stable: the content_type of audit events.' }),
  model: Type.String(),
  name: Type.String(),
}, { title: 'ContentType' });
export type ContentType = Static<typeof ContentType>;

const ANSWER: ContentType[] = CONTENT_TYPES.map(({ id, model, name }) => ({ id, model, name }));

export const contentTypesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/rest/content-type/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['feeds'], summary: 'The kinds of object audit events name, by id', response: { 200: Type.Array(ContentType) } },
  }, async () => ANSWER);
};
