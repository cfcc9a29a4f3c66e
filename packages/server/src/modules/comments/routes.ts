import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { Comment, CommentCreate, CommentListQuery, CommentPage } from './schemas.ts';
import type { CommentsService } from './service.ts';

export const commentsRoutes: FastifyPluginAsyncTypebox<{ comments: CommentsService }> = async (app, { comments }) => {
  app.get(
    '/rest/comments/',
    {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'query.product' } },
      schema: { tags: ['comments'], summary: 'The comments on a scan, oldest first', querystring: CommentListQuery, response: { 200: CommentPage } },
    },
    async (request) => comments.list(request.query, pageRequest(request.query)),
  );

  app.post(
    '/rest/comments/',
    {
      // Read-only users see comments and write none (docs/roles.md).
      config: { permission: 'upload_application', scope: { scan: 'body.product' } },
      schema: { tags: ['comments'], summary: 'Comment on a scan', body: CommentCreate, response: { 201: Comment } },
    },
    async (request, reply) => reply.status(201).send(await comments.create(viewerOf(request), request.body)),
  );

  app.delete(
    '/rest/comments/:id/',
    {
      // Whoever sees the comment's scan gets past the guard; the service lets its author or a manager remove it.
      config: { permission: 'view_appcheckgroup', scope: { comment: 'params.id' } },
      schema: { tags: ['comments'], summary: 'Remove a comment (its author or a group manager)', params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await comments.remove(viewerOf(request), request.params.id, request.groupAccess?.permissions ?? []);
      return reply.status(204).send(null);
    },
  );
};
