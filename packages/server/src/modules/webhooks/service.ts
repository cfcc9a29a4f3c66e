import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { GroupWebhookRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { addressGuard, type AllowedNetwork, OutboundRefusedError } from '../../lib/outbound/guard.ts';
import { parseTarget } from '../../lib/outbound/request.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { WebhooksRepository } from './repository.ts';
import type { GroupWebhook, GroupWebhookBody, GroupWebhookSaved } from './schemas.ts';

/** A group's completion webhook (the route guard has checked change_appcheckgroup on the group). */
export interface WebhooksService {
  get(groupId: number): Promise<GroupWebhook>;
  save(viewer: Viewer, groupId: number, body: GroupWebhookBody): Promise<GroupWebhookSaved>;
  /** Idempotent: a group without a webhook answers the same. */
  remove(viewer: Viewer, groupId: number): Promise<void>;
}

export interface WebhooksServiceDeps {
  webhooks: WebhooksRepository;
  allowedNetworks: () => Promise<AllowedNetwork[]>;
  change: AuditedChange<{ webhooks: WebhooksRepository }>;
}

export function createWebhooksService(deps: WebhooksServiceDeps): WebhooksService {
  return {
    async get(groupId) {
      const row = await deps.webhooks.find(groupId);
      return row ? { url: row.url, created: row.createdAt.toISOString(), updated: row.updatedAt.toISOString() } : { url: null, created: null, updated: null };
    },

    async save(viewer, groupId, body) {
      const url = await checkedUrl(body.url, deps.allowedNetworks);
      const { row, secret } = await deps.change(
        async (tx) => {
          const existing = await tx.webhooks.find(groupId);
          const secret = !existing || body.new_secret ? newSecret() : null;
          return { row: await tx.webhooks.save(groupId, url, secret), secret };
        },
        ({ secret }) => ({
          actorId: viewer.userId,
          action: 'group_webhook.save',
          object: `group:${groupId}`,
          level: 3,
          details: { url: redacted(url), new_secret: secret !== null },
        }),
      );
      return { ...toSaved(row), secret };
    },

    async remove(viewer, groupId) {
      // Removing a webhook the group does not have is done already.
      if (!(await deps.webhooks.find(groupId))) return;
      await deps.change(
        async (tx) => {
          const deleted = await tx.webhooks.delete(groupId);
          if (!deleted) throw new AppError('not_found');
          return deleted;
        },
        (deleted) => ({ actorId: viewer.userId, action: 'group_webhook.delete', object: `group:${groupId}`, level: 3, details: { url: redacted(deleted.url) } }),
      );
    },
  };
}

/** `whsec_` and 32 random bytes, base64url. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

async function checkedUrl(text: string, allowedNetworks: () => Promise<AllowedNetwork[]>): Promise<string> {
  let url: URL;
  try {
    url = parseTarget(text.trim());
  } catch (error) {
    throw new AppError('webhook_url_invalid', error instanceof Error ? error.message : undefined);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    try {
      addressGuard(await allowedNetworks())(host, host);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new AppError('webhook_url_invalid', error.message);
      throw error;
    }
  }
  return url.toString();
}

/** The audit log never keeps a password written into a URL. */
function redacted(text: string): string {
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.toString();
}

function toSaved(row: GroupWebhookRow): Omit<GroupWebhookSaved, 'secret'> {
  return { url: row.url, created: row.createdAt.toISOString(), updated: row.updatedAt.toISOString() };
}
