import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { PasswordMailService } from './password-mail-service.ts';
import { createRequestLimit } from './request-limit.ts';
import { PasswordResetRequestBody, SetPasswordBody } from './schemas.ts';

/** "Forgot password?" requests one address may send in RESET_WINDOW_MS. */
const RESETS_PER_ADDRESS = 5;
const RESET_WINDOW_MS = 15 * 60 * 1000;

const MailSent = Type.Object({ detail: Type.String() }, { title: 'MailSent' });
const mailErrors = { 409: ErrorDetail, 502: ErrorDetail };

/** Set-password links: mailing them (invitation is POST /rest/users/), the test mail, and using a link. */
export const passwordTokensRoutes: FastifyPluginAsyncTypebox<{ passwordMail: PasswordMailService }> = async (app, { passwordMail: service }) => {
  const resetLimit = createRequestLimit({ max: RESETS_PER_ADDRESS, windowMs: RESET_WINDOW_MS });

  app.post(
    '/rest/users/:id/reset_password/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        summary: 'Mail the user a one-time link to set a new password (valid 7 days; earlier links stop working)',
        description: 'Their current password keeps working until the link is used. 409 when mail is not configured or the user is deactivated; 502 when the mail server refuses the mail.',
        params: IdParams,
        response: { 200: MailSent, ...mailErrors },
      },
    },
    async (request) => {
      await service.sendReset(viewerOf(request), request.params.id);
      return { detail: 'A link to set a new password was mailed to the user.' };
    },
  );

  app.post(
    '/rest/users/:id/test_email/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        summary: 'Mail the user a test mail, to check that mail reaches them',
        params: IdParams,
        response: { 200: MailSent, ...mailErrors },
      },
    },
    async (request) => {
      await service.sendTest(viewerOf(request), request.params.id);
      return { detail: 'A test mail was sent to the user.' };
    },
  );

  app.post(
    '/rest/auth/set-password/',
    {
      config: { permission: 'public', csrf: false },
      schema: {
        tags: ['auth'],
        summary: "Set a password with a mailed link's token; the link works once",
        description: "Ends the user's sessions. An unknown, used or expired token answers 400 at token.",
        body: SetPasswordBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.setPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/rest/auth/password-reset/',
    {
      config: { permission: 'public', csrf: false },
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: mail a set-password link to an active user of this email',
        description: `Answers 202 whether or not such a user exists. At most ${RESETS_PER_ADDRESS} requests from one address in 15 minutes (then 429) and 3 mails to one user an hour.`,
        body: PasswordResetRequestBody,
        response: { 202: MailSent, 409: ErrorDetail, 429: ErrorDetail },
      },
    },
    async (request, reply) => {
      if (!resetLimit.take(request.ip)) throw new AppError('password_reset_rate_limited', undefined, { 'retry-after': String(RESET_WINDOW_MS / 1000) });
      const sending = await service.requestReset(request.body.email);
      // Not awaited: how long the answer takes must not tell whether the email has an account.
      sending?.delivery.catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'));
      return reply.status(202).send({ detail: 'If an active account has this email, a link to set a new password is on its way.' });
    },
  );
};
