import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../lib/cookies.ts';
import { FieldErrors } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { MAX_SAML_RESPONSE_CHARS, Redirect, SsoAcsBody, SsoFinishQuery, SsoLoginQuery, SsoSettings, SsoSettingsUpdate, SsoStatus } from './schemas.ts';
import type { SsoService } from './service.ts';

/** Marks the browser that started a sign-on; only it may finish it (service.ts, finish). */
const BINDING_COOKIE = 'sso_binding';
const BINDING_PATH = '/rest/sso/';

export const ssoRoutes: FastifyPluginAsyncTypebox<{ sso: SsoService }> = async (app, { sso }) => {
  // The IdP's browser form posts the SAMLResponse urlencoded; only these routes read that type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_SAML_RESPONSE_CHARS * 2 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/rest/settings/sso/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags: ['sso'], response: { 200: SsoSettings } },
  }, async (request) => sso.settings(originOf(request)));

  app.patch('/rest/settings/sso/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags: ['sso'], body: SsoSettingsUpdate, response: { 200: SsoSettings, 400: FieldErrors } },
  }, async (request, reply) => {
    const result = await sso.updateSettings(viewerOf(request), originOf(request), request.body);
    return 'errors' in result ? reply.status(400).send(result.errors) : result.settings;
  });

  app.get('/rest/sso/', {
    config: { permission: 'public' },
    schema: { tags: ['sso'], description: 'Whether the login page offers single sign-on, and its button label.', response: { 200: SsoStatus } },
  }, async () => sso.status());

  app.get('/rest/sso/metadata/', {
    config: { permission: 'public' },
    schema: {
      tags: ['sso'],
      description: "Binlens's SAML service-provider metadata (entity id, ACS URL), to give the IdP.",
      response: { 200: { description: 'SAML metadata XML', content: { 'application/samlmetadata+xml': { schema: Type.String() } } } },
    },
  }, async (request, reply) => reply.type('application/samlmetadata+xml; charset=utf-8').send(await sso.metadata(originOf(request))));

  app.get('/rest/sso/login/', {
    config: { permission: 'public' },
    schema: { tags: ['sso'], description: 'Redirects to the IdP with an AuthnRequest; RelayState carries `redirect` (a local path).', querystring: SsoLoginQuery, response: { 302: Redirect } },
  }, async (request, reply) => {
    const login = await sso.loginUrl(originOf(request), request.query.redirect);
    if (!login) return reply.redirect('/login?sso_error=disabled', 302);
    // Lax: sent back on the top-level GET of /rest/sso/finish/, never on a cross-site POST.
    reply.setCookie(BINDING_COOKIE, login.binding, { path: BINDING_PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: 600 });
    return reply.redirect(login.url, 302);
  });

  app.post('/rest/sso/acs/', {
    // The IdP's page posts here cross-site, without our CSRF token; the signed response is the credential.
    config: { permission: 'public', csrf: false },
    schema: {
      tags: ['sso'],
      description: 'The assertion consumer service: the IdP posts a SAMLResponse (HTTP-POST binding). Redirects to /rest/sso/finish/?token=<one-time token>, or to /login?sso_error=<code>.',
      consumes: ['application/x-www-form-urlencoded'],
      body: SsoAcsBody,
      response: { 303: Redirect },
    },
  }, async (request, reply) => {
    const outcome = await sso.acs(originOf(request), request.body.SAMLResponse, request.body.RelayState);
    return reply.redirect(outcome.kind === 'verified' ? outcome.finishUrl : `/login?sso_error=${outcome.code}`, 303);
  });

  app.get('/rest/sso/finish/', {
    config: { permission: 'public' },
    schema: {
      tags: ['sso'],
      description: 'Signs in with a verified assertion, in the browser that started the sign-on (its sso_binding cookie); redirects to RelayState, or to /login?sso_error=<code>.',
      querystring: SsoFinishQuery,
      response: { 302: Redirect },
    },
  }, async (request, reply) => {
    const outcome = await sso.finish(request.query.token, request.cookies[BINDING_COOKIE]);
    if (outcome.kind === 'refused') return reply.redirect(`/login?sso_error=${outcome.code}`, 302);
    setSessionCookies(reply, outcome.session.token, outcome.session.csrfToken, outcome.session.expiresAt, request.protocol === 'https');
    reply.clearCookie(BINDING_COOKIE, { path: BINDING_PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
    return reply.redirect(outcome.redirect, 302);
  });
};

/** "https://binlens.example.com": how this request reached us (X-Forwarded-* only from trusted proxies). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** As modules/auth/routes.ts sets them for the login form. */
function setSessionCookies(reply: FastifyReply, token: string, csrfToken: string, expires: Date, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax', secure, expires } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  // Readable by the web app, which echoes it in X-CSRFToken.
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
}
