import type { FastifyServerOptions } from 'fastify';

/** Longest string kept in a log line: a failed insert once logged its 8.4 MB of parameters. */
export const MAX_LOGGED_TEXT = 2000;
const MAX_LOGGED_PARAMS = 10;
const MAX_LOGGED_PARAM = 100;
const MAX_CAUSE_DEPTH = 3;

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** The app's logger options with bounded error serialisation and messages; false stays false. */
export function boundedLogger(logger: FastifyServerOptions['logger']): LoggerOptions | false {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, err: serializeError },
    hooks: { logMethod: boundedMessages },
  };
}

/** Cuts every string argument of a log call (the message, format arguments) at MAX_LOGGED_TEXT. */
const boundedMessages: LogMethodHook = function (args, method) {
  const bounded = args.map((arg: unknown) => (typeof arg === 'string' ? truncate(arg, MAX_LOGGED_TEXT) : arg));
  method.apply(this, bounded as Parameters<typeof method>);
};

/**
 * An error as a bounded object: type, message, code, stack, the failed SQL and a few of its
 * parameters (Drizzle's DrizzleQueryError), the driver's fields (PostgreSQL's code, detail,
 * constraint) and its causes, every string cut at MAX_LOGGED_TEXT.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: truncate(String(error), MAX_LOGGED_TEXT), stack: '' };
  const out: SerializedError = { type: error.constructor.name, message: truncate(error.message, MAX_LOGGED_TEXT), stack: truncate(error.stack ?? '', MAX_LOGGED_TEXT) };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'params' || key === 'stack') continue;
    if (typeof value === 'string') out[key] = truncate(value, MAX_LOGGED_TEXT);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  const params = (error as { params?: unknown }).params;
  if (Array.isArray(params)) out.params = boundedParams(params);
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function boundedParams(params: unknown[]): unknown[] {
  const kept = params.slice(0, MAX_LOGGED_PARAMS).map((param) => {
    if (typeof param === 'string') return truncate(param, MAX_LOGGED_PARAM);
    if (param === null || typeof param !== 'object') return param;
    return truncate(safeJson(param), MAX_LOGGED_PARAM);
  });
  if (params.length > MAX_LOGGED_PARAMS) kept.push(`… ${params.length - MAX_LOGGED_PARAMS} more`);
  return kept;
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** "abcdef" cut at 4 → "abcd… (2 more characters)". */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
