import { describe, expect, it } from 'vitest';
import { parseS3Settings } from './s3-settings.ts';

describe('parseS3Settings', () => {
  it('is null when no BINLENS_S3_* variable is set: blobs stay local', () => {
    expect(parseS3Settings({ BINLENS_S3_BUCKET: '  ' })).toBe(null);
  });

  it('reads every variable, with us-east-1 and virtual-host style by default', () => {
    expect(
      parseS3Settings({
        BINLENS_S3_ENDPOINT: 'http://127.0.0.1:9000',
        BINLENS_S3_BUCKET: 'binlens-blobs',
        BINLENS_S3_ACCESS_KEY_ID: 'AKIA',
        BINLENS_S3_SECRET_ACCESS_KEY: 'secret',
        BINLENS_S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'binlens-blobs', region: 'us-east-1', credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' }, forcePathStyle: true });
    expect(parseS3Settings({ BINLENS_S3_BUCKET: 'b1x', BINLENS_S3_REGION: 'eu-west-1' })).toEqual({ endpoint: undefined, bucket: 'b1x', region: 'eu-west-1', credentials: undefined, forcePathStyle: false });
  });

  it.each([
    [{ BINLENS_S3_REGION: 'eu-west-1' }, 'BINLENS_S3_BUCKET must be set when any BINLENS_S3_* variable is (the bucket holding the blobs)'],
    [{ BINLENS_S3_BUCKET: 'Bad_Bucket' }, 'BINLENS_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "Bad_Bucket"'],
    [{ BINLENS_S3_BUCKET: 'blobs', BINLENS_S3_ENDPOINT: 'minio:9000' }, 'BINLENS_S3_ENDPOINT must be an http:// or https:// URL, got "minio:9000"'],
    [{ BINLENS_S3_BUCKET: 'blobs', BINLENS_S3_ACCESS_KEY_ID: 'AKIA' }, 'BINLENS_S3_ACCESS_KEY_ID and BINLENS_S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default credentials)'],
    [{ BINLENS_S3_BUCKET: 'blobs', BINLENS_S3_FORCE_PATH_STYLE: 'yes' }, 'BINLENS_S3_FORCE_PATH_STYLE must be true or false, got "yes"'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => parseS3Settings(env)).toThrow(message);
  });
});
