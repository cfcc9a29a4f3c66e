import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { SettingsPage } from './pages.ts';
import {
  AuthenticationSettings,
  AuthenticationSettingsUpdate,
  BomSettings,
  BomSettingsUpdate,
  CompanySettings,
  CompanySettingsUpdate,
  LicensePolicyOverride,
  LicensePolicyOverrideCreate,
  LicensePolicyOverrideListQuery,
  LicensePolicyOverridePage,
  LicensePolicyOverrideUpdate,
  RetentionSettings,
  RetentionSettingsUpdate,
  ScanSettings,
  ScanSettingsUpdate,
  UserDefaultSettings,
  UserDefaultSettingsUpdate,
} from './schemas.ts';
import type { SettingsService } from './service.ts';

const BASE = '/rest/settings/company/';
const admin = { permission: 'change_companyaccount' } as const;
const tags = ['settings'];

/** The /account-settings pages: each reads and changes its part of the company's settings. */
const PAGES: { page: Exclude<SettingsPage, 'company'>; read: TSchema; update: TSchema; what: string }[] = [
  { page: 'bom', read: BomSettings, update: BomSettingsUpdate, what: 'SBOM export defaults' },
  { page: 'scan', read: ScanSettings, update: ScanSettingsUpdate, what: 'upload limit, scan reuse and default vulnerability-matching options' },
  { page: 'data-retention', read: RetentionSettings, update: RetentionSettingsUpdate, what: 'how long binaries and results are kept' },
  { page: 'user', read: UserDefaultSettings, update: UserDefaultSettingsUpdate, what: 'defaults for new users' },
  { page: 'authentication', read: AuthenticationSettings, update: AuthenticationSettingsUpdate, what: 'session timeouts and password length' },
];

export const settingsRoutes: FastifyPluginAsyncTypebox<{ settings: SettingsService }> = async (app, { settings: service }) => {
  app.get(
    BASE,
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: "The company's settings (spec §3); anyone signed in reads them", response: { 200: CompanySettings } },
    },
    async () => service.read('company'),
  );

  app.patch(
    BASE,
    {
      config: admin,
      schema: {
        tags,
        summary: "Changes the company's settings",
        description: 'Only the fields sent change; fields equal to the stored values write nothing (no audit event).',
        body: CompanySettingsUpdate,
        response: { 200: CompanySettings },
      },
    },
    async (request) => service.update(viewerOf(request), 'company', request.body),
  );

  for (const { page, read, update, what } of PAGES) {
    app.get(`${BASE}${page}/`, { config: admin, schema: { tags, summary: `The ${what}`, response: { 200: read } } }, async () => service.read(page));
    app.patch(
      `${BASE}${page}/`,
      {
        config: admin,
        schema: { tags, summary: `Changes the ${what}`, description: 'Only the fields sent change; fields equal to the stored values write nothing.', body: update, response: { 200: read } },
      },
      async (request) => service.update(viewerOf(request), page, request.body as never),
    );
  }

  app.get(
    `${BASE}licenses/`,
    {
      config: admin,
      schema: {
        tags,
        summary: "The company's licence policy overrides, by licence id",
        description: "Each overrides the engine's built-in class of the id (default_policy) in every report.",
        querystring: LicensePolicyOverrideListQuery,
        response: { 200: LicensePolicyOverridePage },
      },
    },
    async (request) => service.listLicensePolicies(request.query, pageRequest(request.query)),
  );

  app.post(
    `${BASE}licenses/`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sets the policy class of a licence id',
        description: 'An id that already has an override (ignoring case) answers 400 {license_name: [...]}.',
        body: LicensePolicyOverrideCreate,
        response: { 201: LicensePolicyOverride },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createLicensePolicy(viewerOf(request), request.body)),
  );

  app.patch(
    `${BASE}licenses/:id/`,
    {
      config: admin,
      schema: { tags, summary: "Changes an override's policy class", params: IdParams, body: LicensePolicyOverrideUpdate, response: { 200: LicensePolicyOverride } },
    },
    async (request) => service.updateLicensePolicy(viewerOf(request), request.params.id, request.body.policy),
  );

  app.delete(
    `${BASE}licenses/:id/`,
    {
      config: admin,
      schema: { tags, summary: "Removes an override: the licence falls back to the engine's class", params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await service.removeLicensePolicy(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
