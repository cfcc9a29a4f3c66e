/** Where an S3-compatible blob store is (BINLENS_S3_*). */
export interface S3Settings {
  /** BINLENS_S3_ENDPOINT: an S3-compatible server, e.g. `http://minio.internal:9000`; AWS's own when absent. */
  endpoint: string | undefined;
  /** BINLENS_S3_BUCKET (required): the bucket holding the blobs; it must exist. */
  bucket: string;
  /** BINLENS_S3_REGION; default us-east-1. */
  region: string;
  /** BINLENS_S3_ACCESS_KEY_ID and BINLENS_S3_SECRET_ACCESS_KEY, both or neither (then the AWS SDK's default credential chain). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** BINLENS_S3_FORCE_PATH_STYLE: `true` for servers that take the bucket in the path (MinIO and most S3-compatible servers). */
  forcePathStyle: boolean;
}

const NAMES = ['ENDPOINT', 'BUCKET', 'REGION', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY', 'FORCE_PATH_STYLE'] as const;
// S3 bucket naming: 3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The S3 settings from the environment; null when no BINLENS_S3_* variable is set (blobs stay
 * in the local directory). Throws with the variable's name and what is wrong, to stop the start.
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const value = (name: (typeof NAMES)[number]) => env[`BINLENS_S3_${name}`]?.trim() || undefined;
  if (NAMES.every((name) => value(name) === undefined)) return null;
  const bucket = value('BUCKET');
  if (!bucket) throw new Error('BINLENS_S3_BUCKET must be set when any BINLENS_S3_* variable is (the bucket holding the blobs)');
  if (!BUCKET.test(bucket)) throw new Error(`BINLENS_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`);
  const endpoint = value('ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`BINLENS_S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
    }
  }
  const accessKeyId = value('ACCESS_KEY_ID');
  const secretAccessKey = value('SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('BINLENS_S3_ACCESS_KEY_ID and BINLENS_S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default credentials)');
  }
  const pathStyle = value('FORCE_PATH_STYLE') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new Error(`BINLENS_S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  return {
    endpoint,
    bucket,
    region: value('REGION') ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}
