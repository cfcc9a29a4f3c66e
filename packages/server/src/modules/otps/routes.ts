import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from '../../plugins/guard.ts';
import { OtpConfirmBody, OtpDevice, OtpDevicePage, OtpDisableBody } from './schemas.ts';
import type { OtpsService } from './service.ts';

/**
 * Spec §7 otps: the caller's own TOTP device. Refused to API keys: two-factor sign-in is a
 * person's, set up in a browser, and a leaked key must not read an enrolment's secret.
 */
export const otpsRoutes: FastifyPluginAsyncTypebox<{ otps: OtpsService }> = async (app, { otps }) => {
  app.get(
    '/rest/otps/',
    {
      config: { permission: 'authenticated', apiKey: false },
      schema: { tags: ['otps'], summary: "The caller's authenticator device, if any (config_url only while unconfirmed)", response: { 200: OtpDevicePage } },
    },
    async (request) => otps.list(viewerOf(request)),
  );

  app.post(
    '/rest/otps/',
    {
      config: { permission: 'authenticated', apiKey: false },
      schema: {
        tags: ['otps'],
        summary: 'Starts two-factor enrolment: a new unconfirmed device whose config_url goes into an authenticator app',
        description: 'Replaces an unconfirmed device. 409 while two-factor sign-in is on.',
        response: { 201: OtpDevice, 409: Type.Object({ detail: Type.String() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await otps.enrol(viewerOf(request))),
  );

  app.post(
    '/rest/otps/confirm/',
    {
      config: { permission: 'authenticated', apiKey: false },
      schema: {
        tags: ['otps'],
        summary: "A current code from the app confirms the device and turns the caller's two-factor sign-in on (users/me otp_active)",
        body: OtpConfirmBody,
        response: { 200: OtpDevice },
      },
    },
    async (request) => otps.confirm(viewerOf(request), request.body.code),
  );

  app.delete(
    '/rest/otps/',
    {
      config: { permission: 'authenticated', apiKey: false },
      schema: {
        tags: ['otps'],
        summary: 'Turns two-factor sign-in off and deletes the device, given the password or a current code',
        description: 'Wrong passwords and codes count as failed sign-ins: after 10 for the email or the address within 15 minutes, 429 with Retry-After.',
        body: OtpDisableBody,
        response: { 204: Type.Null(), 429: Type.Object({ detail: Type.String() }) },
      },
    },
    async (request, reply) => {
      await otps.disable(viewerOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
};
