// `binlens upload PATH --server URL --group ID [--wait] [--fail-on SEVERITY]`: scanning on a
// Binlens server from a pipeline. Uploads the file with the server's REST API (POST
// /rest/groups/{id}/upload/, multipart, streamed), then with --wait polls GET /rest/scans/{id}/
// (a progress bar on a terminal, plain lines in a log), prints the verdict and counts, and with
// --fail-on reads GET /rest/scans/{id}/result/ and fails the build on an open vulnerability at
// or above the severity, triages made on the server applied.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { escapeText } from '@binlens/engine';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { FAIL_ON_HELP, failOnSummary, failOnVerdict, parseSeverity, type Severity } from '../fail-on.ts';
import { httpError, readBounded, requestJson, ServerError, type ServerClient } from '../server-client.ts';

const USAGE = `Usage: binlens upload PATH --server URL --group ID [--wait] [--fail-on critical|high|medium|low]
                      [--api-key KEY] [--timeout SECONDS]

Upload the file PATH to a Binlens server into group ID, where it is scanned. With --wait, wait
until the scan has ended (a progress bar on a terminal, a line per step otherwise), then print
its verdict and its vulnerabilities by severity.

Options:
  --server URL          the server, e.g. https://binlens.example.com
  --group ID            the group's id (its page's address shows it)
  --api-key KEY         an API key of a user who may upload to the group (made on the account's
                        authentication page, or POST /api/key/); default $BINLENS_API_KEY, which
                        is better: other users of the machine can read a command line
  --wait                wait for the scan's end
  --fail-on SEVERITY    wait, then exit with 3 when an open vulnerability is at or above
                        SEVERITY (${FAIL_ON_HELP}): the severity the
                        server shows (CVSS v3, else v2), or a re-scoring triage's instead;
                        vulnerabilities a triage resolved, historical and unscored ones
                        never count
  --timeout SECONDS     the longest wait for the scan (default 7200)
  -h, --help            show this help

Exit status: 0 success, 1 PATH cannot be read, a server or network error (the message gives
the HTTP status and the server's reason) or the scan still running after --timeout, 2 usage
error, 3 a vulnerability at or above the --fail-on severity, 4 the scan failed on the server,
130 interrupted.`;

export const uploadCommand: Command = {
  name: 'upload',
  summary: 'upload PATH --server URL --group ID [--wait] [--fail-on SEVERITY]   scan PATH on a Binlens server',
  usage: USAGE,
  run: runUpload,
};

const OPTIONS = {
  server: { type: 'string' },
  group: { type: 'string' },
  'api-key': { type: 'string' },
  wait: { type: 'boolean', default: false },
  'fail-on': { type: 'string' },
  timeout: { type: 'string' },
} as const;

/** Bounds of every exchange with the server. */
export const UPLOAD_LIMITS = {
  /** A small request (a scan's state): its whole exchange. */
  requestMs: 60_000,
  /** The result of a large scan is large: its whole exchange. */
  resultMs: 600_000,
  /** The upload may take long, but not stand still: between two chunks the server takes. */
  stallMs: 120_000,
  /** After the last byte: the server stores and queues the file. */
  uploadAnswerMs: 600_000,
  scanBytes: 1024 * 1024,
  resultBytes: 512 * 1024 * 1024,
  /** Transient failures (no answer, 429, 502-504) in a row while polling before giving up. */
  retries: 5,
  defaultWaitSeconds: 7200,
} as const;

/** Between two looks at the scan, and between two plain progress lines at least. */
const POLL_MS = 2000;
const LOG_EVERY_MS = 30_000;

/** GET /rest/scans/{id}/, the fields read here. */
interface ScanView {
  id: number;
  name: string;
  group: number;
  group_name: string;
  status: 'R' | 'B' | 'S' | 'P' | 'D' | 'F';
  progress: { stage: string; done: number; total: number; eta_seconds?: number | null } | null;
  error: string | null;
  reused?: boolean;
  verdict: string | null;
  verdict_reason: string | null;
  vulnerability_counts: Record<'critical' | 'high' | 'medium' | 'low' | 'missing', number> | null;
}

/** GET /rest/scans/{id}/result/, the fields read here. */
interface ScanResultView {
  components: { lib: string; version: string; vulns: { vuln_id: string; triages: unknown[]; unresolved_triages: unknown[] }[] }[];
  vulnerabilities: Record<string, { severity: string | null }>;
  knowledge_base: { state: string; updated: string | null };
}

async function runUpload(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, OPTIONS, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return usageError(io, 'missing PATH');
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`);
  if (values.server === undefined) return usageError(io, 'upload needs --server URL');
  const base = serverBase(values.server);
  if (base === null) return usageError(io, `--server must be an http or https URL, not "${values.server}"`);
  if (values.group === undefined) return usageError(io, 'upload needs --group ID');
  if (!/^[1-9]\d{0,9}$/.test(values.group)) return usageError(io, `--group must be a group's id (a positive whole number), not "${values.group}"`);
  const apiKey = values['api-key'] ?? io.env.BINLENS_API_KEY;
  if (!apiKey) return usageError(io, 'upload needs an API key: --api-key KEY or $BINLENS_API_KEY');
  const failOn = values['fail-on'] === undefined ? null : parseSeverity(values['fail-on']);
  if (values['fail-on'] !== undefined && failOn === null) return usageError(io, `--fail-on must be ${FAIL_ON_HELP}, not "${values['fail-on']}"`);
  const waitSeconds = values.timeout === undefined ? UPLOAD_LIMITS.defaultWaitSeconds : Number(values.timeout);
  if (!Number.isInteger(waitSeconds) || waitSeconds < 1) return usageError(io, `--timeout must be a whole number of seconds, at least 1, not "${values.timeout}"`);

  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a regular file (pack a directory into an archive first)');
    size = info.size;
  } catch (err) {
    io.stderr(`binlens: cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  const url = new URL(base);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) io.stderr(`binlens: warning: the API key goes to ${url.host} unencrypted (http); use https\n`);

  const client: ServerClient = { base, apiKey, signal: io.signal };
  try {
    const uploaded = await upload(client, values.group, file, size, io);
    io.stdout(`Uploaded ${escapeText(basename(file))} (${formatBytes(size)}) to group ${uploaded.group} (${escapeText(uploaded.group_name)}): ` +
      `scan ${uploaded.id}${uploaded.reused ? ', the scan of the same bytes already in the group' : ''}\n`);
    if (!values.wait && failOn === null) {
      io.stdout(`${scanPage(base, uploaded.id)}\n`);
      return 0;
    }
    const scan = await waitForScan(client, uploaded, waitSeconds, io);
    if (scan === null) return 1;
    if (scan.status === 'F') {
      io.stdout(`Scan ${scan.id} failed: ${escapeText(scan.error ?? 'no reason given')}\n${scanPage(base, scan.id)}\n`);
      return 4;
    }
    io.stdout(`${verdictLines(scan, await knowledgeBaseEmpty(client))}${scanPage(base, scan.id)}\n`);
    return failOn === null ? 0 : await applyFailOn(client, scan.id, failOn, io);
  } catch (error) {
    if (io.signal?.aborted) {
      io.stderr('binlens: interrupted\n');
      return 130;
    }
    if (error instanceof ServerError) {
      io.stderr(`binlens: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function usageError(io: CliIo, message: string): number {
  return reportUsageError(io, message, USAGE);
}

/** The server's address without a trailing slash, or null when it is not an http(s) URL. */
function serverBase(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function scanPage(base: string, id: number): string {
  return `${base}/product/${id}`;
}

/**
 * POST /rest/groups/{id}/upload/ with the file as multipart field "file", streamed. The upload
 * is abandoned when the server takes no byte for UPLOAD_LIMITS.stallMs, or does not answer
 * within UPLOAD_LIMITS.uploadAnswerMs of the last one.
 */
async function upload(client: ServerClient, group: string, file: string, size: number, io: CliIo): Promise<ScanView> {
  const path = `/rest/groups/${group}/upload/`;
  const what = `POST ${path}`;
  const name = basename(file);
  const boundary = `binlens-${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeFilename(name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const stalled = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timedOut = '';
  const arm = (ms: number, why: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = why;
      stalled.abort();
    }, ms);
  };
  const bar = io.stderrIsTTY ? progressBar(io) : null;
  if (!bar) io.stderr(`binlens: uploading ${escapeText(name)} (${formatBytes(size)}) to ${client.base}\n`);
  const body = Readable.from((async function* () {
    arm(UPLOAD_LIMITS.stallMs, `the server took no data for ${UPLOAD_LIMITS.stallMs / 1000} s`);
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(file)) {
      arm(UPLOAD_LIMITS.stallMs, `the server took no data for ${UPLOAD_LIMITS.stallMs / 1000} s`);
      sent += (chunk as Buffer).length;
      bar?.draw(`uploading ${escapeText(name)}`, sent / Math.max(size, 1), `${formatBytes(sent)} of ${formatBytes(size)}`);
      yield chunk as Buffer;
    }
    yield tail;
    arm(UPLOAD_LIMITS.uploadAnswerMs, `no answer within ${UPLOAD_LIMITS.uploadAnswerMs / 1000} s of the last byte`);
  })());
  const signal = AbortSignal.any([stalled.signal, ...(client.signal ? [client.signal] : [])]);
  try {
    let response: Response;
    try {
      response = await fetch(`${client.base}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${client.apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal,
        redirect: 'error',
      } as RequestInit);
    } catch (error) {
      if (client.signal?.aborted) throw error;
      if (timedOut) throw new ServerError(`${what}: ${timedOut}`, { transient: true });
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ServerError(`${what}: cannot reach ${client.base} (${cause?.code ?? cause?.message ?? (error as Error).message})`, { transient: true });
    }
    arm(UPLOAD_LIMITS.requestMs, `the answer did not arrive within ${UPLOAD_LIMITS.requestMs / 1000} s`);
    const text = await readBounded(response, UPLOAD_LIMITS.scanBytes, what).catch((error: unknown) => {
      if (error instanceof ServerError || client.signal?.aborted) throw error;
      throw new ServerError(`${what}: ${timedOut || (error as Error).message}`);
    });
    if (response.status !== 201 && response.status !== 200) throw httpError(what, response, text);
    try {
      return JSON.parse(text) as ScanView;
    } catch {
      throw new ServerError(`${what} answered HTTP ${response.status} with something that is not JSON`, { status: response.status });
    }
  } finally {
    clearTimeout(timer);
    // An abandoned upload (interrupted, timed out, refused early) reads no more of the file.
    body.destroy();
    bar?.close();
  }
}

/** A file name as a quoted multipart parameter: the quote, backslash and line breaks cannot end it early. */
function encodeFilename(name: string): string {
  return name.replace(/["\\\r\n]/g, '_');
}

/**
 * Polls the scan until it is ready or failed; null (reported) when it is still running after
 * `waitSeconds`. Transient failures are retried, a few in a row at most.
 */
async function waitForScan(client: ServerClient, first: ScanView, waitSeconds: number, io: CliIo): Promise<ScanView | null> {
  const deadline = Date.now() + waitSeconds * 1000;
  const bar = io.stderrIsTTY ? progressBar(io) : null;
  let scan = first;
  let lastLine = '';
  let lastLogged = 0;
  let failures = 0;
  try {
    for (;;) {
      if (scan.status === 'R' || scan.status === 'F') return scan;
      const step = describeProgress(scan);
      if (bar) bar.draw(`scan ${scan.id}`, step.fraction, step.text);
      else if (step.text !== lastLine || Date.now() - lastLogged >= LOG_EVERY_MS) {
        io.stderr(`binlens: scan ${scan.id}: ${step.text}\n`);
        lastLine = step.text;
        lastLogged = Date.now();
      }
      if (Date.now() >= deadline) {
        bar?.close();
        io.stderr(`binlens: scan ${scan.id} has not ended after ${waitSeconds} s (${step.text}); it goes on on the server: ${scanPage(client.base, scan.id)}\n`);
        return null;
      }
      let pause = POLL_MS;
      try {
        scan = (await requestJson<ScanView>(client, `/rest/scans/${scan.id}/`, { timeoutMs: UPLOAD_LIMITS.requestMs, maxBytes: UPLOAD_LIMITS.scanBytes })).body;
        failures = 0;
      } catch (error) {
        if (!(error instanceof ServerError) || !error.transient || failures >= UPLOAD_LIMITS.retries) throw error;
        failures += 1;
        pause = Math.min(60_000, (error.retryAfter ?? 2 ** failures) * 1000);
        if (!bar) io.stderr(`binlens: ${error.message}; asking again in ${Math.round(pause / 1000)} s\n`);
      }
      await sleep(Math.min(pause, Math.max(0, deadline - Date.now())), client.signal);
    }
  } finally {
    bar?.close();
  }
}

const STATUS_WORDS: Record<ScanView['status'], string> = { B: 'queued', S: 'started', P: 'processing', D: 'finishing', R: 'ready', F: 'failed' };

/** What a busy scan is doing, in words, and how far along it is (0..1, null when not told). */
export function describeProgress(scan: Pick<ScanView, 'status' | 'progress'>): { text: string; fraction: number | null } {
  const progress = scan.progress;
  if (!progress) return { text: STATUS_WORDS[scan.status], fraction: null };
  const counted = progress.total > 0 ? `${progress.done}/${progress.total}` : '';
  const eta = typeof progress.eta_seconds === 'number' ? `, ${formatDuration(progress.eta_seconds)} left` : '';
  return {
    text: `${STATUS_WORDS[scan.status]}: ${escapeText(progress.stage)}${counted ? ` ${counted}` : ''}${eta}`,
    fraction: progress.total > 0 ? Math.min(1, Math.max(0, progress.done / progress.total)) : null,
  };
}

/** "about 40 s", "about 3 min", "about 1 h 20 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const BAR_WIDTH = 24;

/**
 * One self-overwriting stderr line with a bar: `scan 17 [#####-----]  42% processing: ...`,
 * redrawn at most every 100 ms. `clear` wipes it; after `close` nothing more is drawn.
 */
export function progressBar(io: Pick<CliIo, 'stderr'>, now: () => number = Date.now): {
  draw: (label: string, fraction: number | null, text: string) => void; clear: () => void; close: () => void;
} {
  let last = 0;
  let drawn = false;
  let closed = false;
  const clear = () => {
    if (drawn) io.stderr('\r\x1b[K');
    drawn = false;
  };
  return {
    draw(label, fraction, text) {
      const time = now();
      if (closed || (drawn && time - last < 100 && fraction !== 1)) return;
      last = time;
      drawn = true;
      const filled = fraction === null ? 0 : Math.round(fraction * BAR_WIDTH);
      const bar = fraction === null ? `[${'.'.repeat(BAR_WIDTH)}]     ` : `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${`${Math.floor(fraction * 100)}%`.padStart(4)}`;
      io.stderr(`\r\x1b[K${label} ${bar} ${text}`);
    },
    clear,
    close() {
      clear();
      closed = true;
    },
  };
}

/**
 * Whether the server has no vulnerability data, when it says (GET /rest/knowledge-base/, which
 * every user may read); only the counts' wording depends on it, so a failure to ask is not one.
 */
async function knowledgeBaseEmpty(client: ServerClient): Promise<boolean> {
  try {
    const { body } = await requestJson<{ state: string }>(client, '/rest/knowledge-base/', { timeoutMs: UPLOAD_LIMITS.requestMs, maxBytes: UPLOAD_LIMITS.scanBytes });
    return body.state === 'empty';
  } catch (error) {
    if (client.signal?.aborted) throw error;
    return false;
  }
}

/** "Scan 17 (app.tar) is ready: verdict vulns" and its vulnerabilities by severity (zeros would read as "none found" without data: not shown then). */
export function verdictLines(scan: ScanView, noVulnerabilityData: boolean): string {
  const verdict = scan.verdict ? `verdict ${scan.verdict}${scan.verdict_reason ? ` (${escapeText(scan.verdict_reason)})` : ''}` : 'no verdict';
  const counts = scan.vulnerability_counts;
  let vulns = 'Vulnerabilities: not evaluated yet\n';
  if (noVulnerabilityData) vulns = 'Vulnerabilities: not evaluated: the server has no vulnerability data\n';
  else if (counts) vulns = `Vulnerabilities: ${counts.critical} critical, ${counts.high} high, ${counts.medium} medium, ${counts.low} low, ${counts.missing} without severity\n`;
  return `Scan ${scan.id} (${escapeText(scan.name)}) is ready: ${verdict}\n${vulns}`;
}

/** Reads the result and applies --fail-on: 3 when it fails, 0 when it passes, 1 when the server has nothing to evaluate with. */
async function applyFailOn(client: ServerClient, scanId: number, threshold: Severity, io: CliIo): Promise<number> {
  const { body: result } = await requestJson<ScanResultView>(client, `/rest/scans/${scanId}/result/`, {
    timeoutMs: UPLOAD_LIMITS.resultMs, maxBytes: UPLOAD_LIMITS.resultBytes,
  });
  if (result.knowledge_base.state !== 'ready') {
    io.stderr(`binlens: --fail-on cannot be applied: the server's knowledge base is ${escapeText(result.knowledge_base.state)}, so the scan's vulnerabilities were not evaluated\n`);
    return 1;
  }
  const verdict = failOnVerdict(result.components, (id) => result.vulnerabilities[id]?.severity ?? null, threshold);
  io.stdout(`${escapeText(failOnSummary(verdict))}${verdict.resolved > 0 ? ` (${verdict.resolved} resolved by triage)` : ''}\n`);
  return verdict.failing.length > 0 ? 3 : 0;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
