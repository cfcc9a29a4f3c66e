import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendAttachment } from '../../lib/attachment.ts';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ReportJob, ReportJobBody, ReportJobDocument, ReportJobListQuery, ReportJobPage } from './jobs-schemas.ts';
import type { ReportJobsService } from './jobs-service.ts';

const PATH = '/rest/reports/';
const tags = ['reports'];

/** Reports made in the background (/rest/reports/): each private to the user who asked for it. */
export const reportJobsRoutes: FastifyPluginAsyncTypebox<{ reportJobs: ReportJobsService }> = async (app, { reportJobs }) => {
  app.post(PATH, {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary: "Queues a report: one scan's PDF or CSV (kind scan), or a CSV over the scans the filters select (kind scans); made as the caller sees the scans when it runs",
      body: ReportJobBody,
      response: { 201: ReportJob },
    },
  }, async (request, reply) => reply.status(201).send(await reportJobs.create(viewerOf(request), request.body)));

  app.get(PATH, {
    config: { permission: 'authenticated' },
    schema: { tags, summary: "The caller's reports, newest first", querystring: ReportJobListQuery, response: { 200: ReportJobPage } },
  }, async (request) => reportJobs.list(viewerOf(request), pageRequest(request.query), PATH, request.query));

  app.get(`${PATH}:id/`, {
    config: { permission: 'authenticated' },
    schema: { tags, params: IdParams, response: { 200: ReportJob } },
  }, async (request) => reportJobs.get(viewerOf(request), request.params.id));

  app.get(`${PATH}:id/download/`, {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'The ready report as an attachment; 409 while it is queued or running, or when it failed', params: IdParams, response: { 200: ReportJobDocument, 409: ErrorDetail } },
  }, async (request, reply) => sendAttachment(reply, await reportJobs.download(viewerOf(request), request.params.id)));

  app.delete(`${PATH}:id/`, {
    config: { permission: 'authenticated' },
    schema: { tags, params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await reportJobs.delete(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
