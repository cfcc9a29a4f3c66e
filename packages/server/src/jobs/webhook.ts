import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AllowedNetwork } from '../lib/outbound/guard.ts';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../lib/outbound/queue-names.ts';
import { OutboundRefusedError, outboundRequest } from '../lib/outbound/request.ts';
import { verdictOf } from '../modules/scans/verdict.ts';
import type { WebhooksRepository, WebhookTarget } from '../modules/webhooks/repository.ts';
import type { WebhookPayload } from '../modules/webhooks/schemas.ts';
import type { VulnerabilityCounts } from '../db/schema/index.ts';

export interface WebhookJobDeps {
  webhooks: Pick<WebhooksRepository, 'target' | 'scan'>;
  allowedNetworks: () => Promise<AllowedNetwork[]>;
  log: FastifyBaseLogger;
  /** Test hook: what "now" is for the timestamp header. */
  now?: () => Date;
}

/** Retries of a delivery that got no 2xx: 10 s, doubling, for about a day in all. */
export const WEBHOOK_RETRY = { retryLimit: 12, retryDelay: 10, retryBackoff: true, retryDelayMax: 4 * 3600 };

/** What a receiver answers: read at most this much of it. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Tells the webhook queue that a scan ended; the delivery job finds out whether its group has a
 * webhook. Never throws: a webhook must not fail the scan that triggered it.
 */
export async function announceScanEnd(boss: Pick<PgBoss, 'send'> | null, scanId: number, log: FastifyBaseLogger, callback?: string): Promise<void> {
  try {
    await boss?.send(WEBHOOK_QUEUE, { scanId } satisfies WebhookJobData);
    if (callback) await boss?.send(WEBHOOK_QUEUE, { scanId, callback } satisfies WebhookJobData);
  } catch (error) {
    log.warn({ err: error, scanId }, 'could not queue the completion webhook');
  }
}

/**
 * POSTs the finished scan's summary to its group's webhook, signed. Throws when the receiver
 * answers anything but 2xx or cannot be reached, so pg-boss retries with backoff; a refused
 * address is logged and not retried (it will not change by itself).
 */
export async function runWebhookJob(deps: WebhookJobDeps, scanId: number, signal: AbortSignal, callback?: string): Promise<void> {
  if (callback !== undefined) return runCallback(deps, scanId, callback, signal);
  const target = await deps.webhooks.target(scanId);
  if (!target || (target.scan.status !== 'R' && target.scan.status !== 'F')) return;
  const body = Buffer.from(JSON.stringify(payloadOf(target)));
  const timestamp = String(Math.floor((deps.now?.() ?? new Date()).getTime() / 1000));
  await deliver(deps, scanId, 'webhook', signal, {
    url: target.url,
    body,
    headers: { 'x-binlens-timestamp': timestamp, 'x-binlens-signature': signature(target.secret, timestamp, body) },
  });
}

/**
 * The public API's Callback: the same summary, POSTed to the URL the upload named, under the
 * same outbound guard and retries. Unsigned: an upload has no shared secret to sign with.
 */
async function runCallback(deps: WebhookJobDeps, scanId: number, url: string, signal: AbortSignal): Promise<void> {
  const scan = await deps.webhooks.scan(scanId);
  if (!scan || (scan.status !== 'R' && scan.status !== 'F')) return;
  await deliver(deps, scanId, 'callback', signal, { url, body: Buffer.from(JSON.stringify(payloadOf({ url, secret: '', scan }))), headers: {} });
}

/** One POST of a scan's summary; a refused address is logged and not retried, other failures throw for pg-boss to retry. */
async function deliver(
  deps: WebhookJobDeps, scanId: number, what: 'webhook' | 'callback', signal: AbortSignal,
  request: { url: string; body: Buffer; headers: Record<string, string> },
): Promise<void> {
  try {
    const response = await outboundRequest({
      url: request.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Binlens-Webhook', 'x-binlens-event': 'scan.finished', ...request.headers },
      body: request.body,
      allowed: await deps.allowedNetworks(),
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: 15_000,
      idleMs: 10_000,
      maxRedirects: 0,
      signal,
    });
    response.body.resume();
    if (response.status < 200 || response.status > 299) throw new Error(`the receiver answered ${response.status}`);
    deps.log.info({ scanId, status: response.status }, `${what} delivered`);
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      deps.log.warn({ scanId, reason: error.message }, `${what} refused by the outbound guard`);
      return;
    }
    throw error;
  }
}

/** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<body>`. */
export function signature(secret: string, timestamp: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

function payloadOf(target: WebhookTarget): WebhookPayload {
  const { scan } = target;
  return {
    event: 'scan.finished',
    delivery: `${scan.id}:${scan.finishedAt?.toISOString() ?? ''}`,
    scan: {
      id: scan.id,
      url: `/rest/scans/${scan.id}/`,
      name: scan.filename,
      group: scan.groupId,
      group_name: scan.groupName,
      status: scan.status === 'R' ? 'R' : 'F',
      verdict: verdictOf({ ...scan, verdictReason: null }).verdict,
      error: scan.error,
      component_count: scan.componentCount,
      // The five severities the scan API shows (stored counts also keep the triaged ones, for the sort key).
      vulnerability_counts: scan.vulnerabilityCounts ? severityCounts(scan.vulnerabilityCounts) : null,
      finished: scan.finishedAt?.toISOString() ?? null,
    },
  };
}

/** The webhook queue, made with the others at start (jobs/queues.ts). */
export async function createWebhookQueue(boss: PgBoss, existing: ReadonlySet<string>): Promise<void> {
  if (!existing.has(WEBHOOK_QUEUE)) await boss.createQueue(WEBHOOK_QUEUE, WEBHOOK_RETRY);
}

export interface WebhookWorkersOptions extends Omit<WebhookJobDeps, 'log'> {
  /** Test hook: the first retry's delay in seconds (default WEBHOOK_RETRY.retryDelay). */
  retryDelaySeconds?: number;
}

/** Starts this process's webhook deliveries on the app's queue. */
export async function startWebhookWorkers(app: Pick<FastifyInstance, 'boss' | 'log'>, options: WebhookWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startWebhookWorkers needs an app built with the queue enabled');
  const { retryDelaySeconds, ...rest } = options;
  if (retryDelaySeconds !== undefined) await boss.updateQueue(WEBHOOK_QUEUE, { ...WEBHOOK_RETRY, retryDelay: retryDelaySeconds, retryBackoff: false, retryDelayMax: null });
  const deps: WebhookJobDeps = { ...rest, log: app.log };
  await boss.work<WebhookJobData>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runWebhookJob(deps, job.data.scanId, job.signal, job.data.callback);
  });
}

function severityCounts({ critical, high, medium, low, missing }: VulnerabilityCounts): Record<string, number> {
  return { critical, high, medium, low, missing };
}
