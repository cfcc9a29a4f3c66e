import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { viewerOf } from '../../plugins/guard.ts';
import { UserMe } from '../users/schemas.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../lib/cookies.ts';
import { ErrorDetail } from '../../lib/schemas.ts';
import { LoginBody, OtpRequiredAnswer } from './schemas.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/rest/auth/login/',
    {
      config: { permission: 'public', csrf: false },
      schema: {
        tags: ['auth'],
        description: [
          'After 10 failed sign-ins for one email or from one address within 15 minutes (HTTP Basic on /api/ included), answers 429 with Retry-After (seconds) until the oldest of them is 15 minutes old.',
          'For a user with two-factor sign-in (otp_active), the right password without `otp` answers 401 `{detail, otp_required: true}`; a wrong code answers 400 `{otp: [...]}` and counts as a failed sign-in, and so does a code whose 30-second step was already used.',
        ].join(' '),
        body: LoginBody,
        response: { 200: UserMe, 401: OtpRequiredAnswer, 429: ErrorDetail },
      },
    },
    async (request, reply) => {
      const { email, password, otp } = request.body;
      const result = await auth.login(email, password, request.ip, otp);
      if ('otpRequired' in result) {
        return reply.status(401).send({ detail: 'Enter the code from your authenticator app.', otp_required: true });
      }
      setSessionCookies(reply, result.token, result.csrfToken, result.expiresAt, request.protocol === 'https');
      return result.user;
    },
  );

  app.post(
    '/rest/auth/logout/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await auth.logout(viewerOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
};

function setSessionCookies(reply: FastifyReply, token: string, csrfToken: string, expires: Date, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax', secure, expires } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  // Readable by the web app, which echoes it in X-CSRFToken.
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
}
