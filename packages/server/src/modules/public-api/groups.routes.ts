import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorDetail, envelope } from '../../lib/api-envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { GroupCustomDataService } from '../groups/custom-data-service.ts';
import { MAX_CUSTOM_DATA_KEY, MAX_CUSTOM_DATA_VALUE } from '../groups/custom-data-schemas.ts';
import type { GroupsService } from '../groups/service.ts';
import type { Group } from '../groups/schemas.ts';
import type { GroupSettingsService } from '../group-settings/service.ts';
import type { ScanStatisticsService } from '../scans/statistics-service.ts';
import type { Viewer } from '../users/viewer.ts';
import {
  type ApiGroup,
  type ApiGroupDetails,
  ApiGroupParams,
  ApiGroupResponse,
  ApiGroupsResponse,
  ApiGroupStatisticsResponse,
  ApiMessage,
  GroupCreateHeaders,
} from './ingest.schemas.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const DAY_SECONDS = 86_400;
/** Groups read per page while listing them all. */
const LIST_PAGE = 500;
/** More custom-data entries than a group is given at once; a bound on one request's writes. */
const MAX_GROUP_CUSTOM_DATA = 100;

/** What POST /api/groups/ headers ask for (public-api.md §2.7), mapped onto the group and its settings. */
export interface GroupCreateRequest {
  name: string;
  description: string | undefined;
  parent: number | undefined;
  scan: { low_risk_tolerance?: boolean; historical?: boolean; cvss3_fallback?: boolean; assume_unknown_version_latest?: boolean };
  retention: { delete_binaries_after_days?: number; delete_results_after_days?: number };
  customData: [string, string][];
}

/**
 * Reads the creation headers. `delete_binary_after_scan` (C, Y or N), `file_download_enabled`,
 * `scan_infoleak`, `code_analysis` and `scan_code_similarity` have no group setting here: they
 * are checked where they have a known form and otherwise not used.
 */
export function readGroupCreateHeaders(headers: Headers): GroupCreateRequest {
  const text = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value.at(-1) : value)?.trim();
  };
  const name = text('name');
  if (!name) throw new AppError('api_group_name_missing');
  if (name.length > 255) throw new AppError('api_header_invalid', 'The name header holds at most 255 characters.');
  const invalid = (header: string, expected: string) => new AppError('api_header_invalid', `The ${header} header takes ${expected}.`);
  const bool = (header: string): boolean | undefined => {
    const value = text(header)?.toLowerCase();
    if (value === undefined || value === '') return undefined;
    if (['true', '1', 'yes'].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    throw invalid(header, 'true or false');
  };
  const seconds = (header: string): number | undefined => {
    const value = text(header);
    if (value === undefined || value === '') return undefined;
    if (!/^[0-9]{1,12}$/.test(value) || Number(value) < 1) throw invalid(header, 'a number of seconds of at least 1');
    // Retention is kept in whole days: a part of a day keeps the files a little longer, never shorter.
    return Math.min(Math.ceil(Number(value) / DAY_SECONDS), 2147483647);
  };
  const parentText = text('parent');
  const parent = parentText ? Number(parentText) : undefined;
  if (parent !== undefined && (!/^[0-9]{1,10}$/.test(parentText ?? '') || parent < 1 || parent > 2147483647)) throw invalid('parent', 'a group id');
  const policy = text('delete_binary_after_scan');
  if (policy && !['C', 'Y', 'N'].includes(policy.toUpperCase())) throw invalid('delete_binary_after_scan', 'C, Y or N');
  bool('file_download_enabled');
  bool('scan_infoleak');
  bool('code_analysis');
  bool('scan_code_similarity');
  const description = text('description');
  if (description !== undefined && description.length > 10_000) throw new AppError('api_header_invalid', 'The description header holds at most 10,000 characters.');

  const scan: GroupCreateRequest['scan'] = {};
  const setScan = (field: keyof GroupCreateRequest['scan'], header: string) => {
    const value = bool(header);
    if (value !== undefined) scan[field] = value;
  };
  setScan('low_risk_tolerance', 'low_risk_tolerance');
  setScan('historical', 'include_historical_vulnerabilities');
  setScan('cvss3_fallback', 'cvss3_fallback');
  setScan('assume_unknown_version_latest', 'assume_unknown_version_as_latest');
  const retention: GroupCreateRequest['retention'] = {};
  const binaryDays = seconds('binary_cleanup_age');
  if (binaryDays !== undefined) retention.delete_binaries_after_days = binaryDays;
  const productDays = seconds('product_cleanup_age');
  if (productDays !== undefined) retention.delete_results_after_days = productDays;
  return { name, description, parent, scan, retention, customData: customDataOf(text('custom_data')) };
}

/** The custom_data header: a JSON object of keys and string values, e.g. {"product_line": "routers"}. */
function customDataOf(json: string | undefined): [string, string][] {
  if (json === undefined || json === '') return [];
  const invalid = new AppError('api_header_invalid', 'The custom_data header takes a JSON object of keys (letters, digits and _) and text values, e.g. {"PRODUCT_LINE": "routers"}.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid;
  const entries = Object.entries(parsed);
  if (entries.length > MAX_GROUP_CUSTOM_DATA) throw invalid;
  return entries.map(([key, value]) => {
    if (typeof value !== 'string' || !/^[A-Za-z0-9_]+$/.test(key) || key.length > MAX_CUSTOM_DATA_KEY || value.length > MAX_CUSTOM_DATA_VALUE) throw invalid;
    return [key, value];
  });
}

export interface PublicGroupsServices {
  groups: GroupsService;
  groupCustomData: GroupCustomDataService;
  groupSettings: GroupSettingsService;
  statistics: ScanStatisticsService;
}

export const publicGroupsRoutes: FastifyPluginAsyncTypebox<PublicGroupsServices> = async (app, services) => {
  app.get(
    '/api/groups',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['public-api'], summary: 'Every group the caller sees', response: { 200: ApiGroupsResponse } },
    },
    async (request) => ({ meta: { code: 200 }, groups: await allGroups(services.groups, viewerOf(request)) }),
  );

  app.post(
    '/api/groups',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'Create a group; its parameters come as headers',
        description:
          'name (required), description, parent; low_risk_tolerance, include_historical_vulnerabilities, cvss3_fallback and assume_unknown_version_as_latest ' +
          '(true/false: the group settings of the same names); binary_cleanup_age and product_cleanup_age (seconds, rounded up to whole days: the group\'s data retention); ' +
          'custom_data (a JSON object: the group\'s custom data). delete_binary_after_scan (C, Y or N), file_download_enabled, scan_infoleak, code_analysis and ' +
          'scan_code_similarity are accepted and not used: they have no group setting here. A setting not given follows the company\'s.',
        headers: GroupCreateHeaders,
        response: { 201: ApiGroupResponse },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const group = await createGroup(services, viewer, readGroupCreateHeaders(request.headers));
      return reply.status(201).send(envelope(await groupDetails(services, viewer, group), 201));
    },
  );

  app.get(
    '/api/groups/:id',
    {
      config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } },
      schema: { tags: ['public-api'], summary: 'A group with its custom data and the settings in force there', params: ApiGroupParams, response: { 200: ApiGroupResponse } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return envelope(await groupDetails(services, viewer, await services.groups.get(viewer, request.params.id)));
    },
  );

  app.delete(
    '/api/groups/:id',
    {
      config: { permission: 'change_appcheckgroup', scope: { group: 'params.id' } },
      schema: {
        tags: ['public-api'],
        summary: 'Remove an empty group',
        description: 'Only a group without subgroups and products: 409 otherwise (remove those first).',
        params: ApiGroupParams,
        response: { 200: ApiMessage, 409: ApiErrorDetail },
      },
    },
    async (request) => {
      await services.groups.remove(viewerOf(request), request.params.id);
      return { meta: { code: 200 }, message: `Group ${request.params.id} was removed.` };
    },
  );

  app.get(
    '/api/groups/:id/statistics',
    {
      config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } },
      schema: {
        tags: ['public-api'],
        summary: "Counts of the group's products by status, verdict and worst severity, and their vulnerabilities by severity",
        description: 'The products of the group itself, not of its subgroups.',
        params: ApiGroupParams,
        response: { 200: ApiGroupStatisticsResponse },
      },
    },
    async (request) => envelope(await services.statistics.statistics(viewerOf(request), { group: request.params.id })),
  );
};

function toApiGroup(group: Group): ApiGroup {
  return { id: group.id, name: group.name, description: group.description, parent: group.parent, user_permissions: group.user_permissions };
}

async function allGroups(groups: GroupsService, viewer: Viewer): Promise<ApiGroup[]> {
  const all: ApiGroup[] = [];
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await groups.list(viewer, {}, { limit: LIST_PAGE, offset }, '/api/groups');
    all.push(...page.results.map(toApiGroup));
    if (page.results.length < LIST_PAGE) return all;
  }
}

/** The group, then its settings and custom data: every header was checked first, so these steps have nothing left to refuse. */
async function createGroup(services: PublicGroupsServices, viewer: Viewer, request: GroupCreateRequest): Promise<Group> {
  const group = await services.groups.create(viewer, { name: request.name, ...(request.description !== undefined ? { description: request.description } : {}), ...(request.parent !== undefined ? { parent: request.parent } : {}) });
  if (Object.keys(request.scan).length > 0) await services.groupSettings.update(viewer, group.id, 'scan', request.scan);
  if (Object.keys(request.retention).length > 0) await services.groupSettings.update(viewer, group.id, 'data-retention', request.retention);
  for (const [key, value] of request.customData) await services.groupCustomData.create(viewer, group.id, { key, value });
  return group;
}

async function groupDetails(services: PublicGroupsServices, viewer: Viewer, group: Group): Promise<ApiGroupDetails> {
  const [scan, retention, customData] = await Promise.all([
    services.groupSettings.read(group.id, 'scan'),
    services.groupSettings.read(group.id, 'data-retention'),
    services.groupCustomData.list(viewer, group.id, {}, { limit: MAX_GROUP_CUSTOM_DATA * 10, offset: 0 }),
  ]);
  // The settings pages type their values loosely (one schema per field): read them back as what they hold.
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);
  const seconds = (days: unknown) => (typeof days === 'number' ? days * DAY_SECONDS : null);
  return {
    ...toApiGroup(group),
    custom_data: Object.fromEntries(customData.results.map((entry) => [entry.key, entry.value])),
    low_risk_tolerance: flag(scan.low_risk_tolerance.effective),
    include_historical_vulnerabilities: flag(scan.historical.effective),
    cvss3_fallback: flag(scan.cvss3_fallback.effective),
    assume_unknown_version_as_latest: flag(scan.assume_unknown_version_latest.effective),
    binary_cleanup_age: seconds(retention.delete_binaries_after_days.effective),
    product_cleanup_age: seconds(retention.delete_results_after_days.effective),
  };
}
