import { describe, expect, it } from 'vitest';
import { loadConfig, parseDeployment, parseScanConcurrency, parseTrustProxy } from './config.ts';

describe('config', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8,127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ])('BINLENS_TRUST_PROXY=%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });

  it('reads the quotas, 0 or absent meaning off', () => {
    const env = { BINLENS_QUOTA_USER_BYTES: '1000000000', BINLENS_QUOTA_ACCOUNT_BYTES: '0', BINLENS_QUOTA_USER_UPLOADS_PER_HOUR: '20' };
    expect(loadConfig(env, '/srv').quotas).toEqual({ userBytes: 1e9, accountBytes: 0, userUploadsPerHour: 20 });
    expect(loadConfig({}, '/srv').quotas).toEqual({ userBytes: 0, accountBytes: 0, userUploadsPerHour: 0 });
    expect(() => loadConfig({ BINLENS_QUOTA_USER_BYTES: '-5' }, '/srv')).toThrow('BINLENS_QUOTA_USER_BYTES must be a positive integer, got "-5"');
  });

  it('reads the scan limits, each NAME=VALUE over the engine defaults', () => {
    expect(loadConfig({ BINLENS_SCAN_LIMITS: 'maxCompressionRatio=5000, maxTotalBytes=1073741824' }, '/srv').scanLimits).toEqual({ maxCompressionRatio: 5000, maxTotalBytes: 1073741824 });
    expect(loadConfig({}, '/srv').scanLimits).toEqual({});
    expect(() => loadConfig({ BINLENS_SCAN_LIMITS: 'maxRatio=5' }, '/srv')).toThrow('BINLENS_SCAN_LIMITS: a limit is one of maxDepth, maxFiles, maxTotalBytes, maxFileBytes, maxCompressionRatio, maxDecoderMemory, timeMs, not "maxRatio"');
  });
});

describe('BINLENS_DEPLOYMENT', () => {
  it.each([[undefined, 'on-premises'], ['', 'on-premises'], ['on-premises', 'on-premises'], [' hosted ', 'hosted']] as const)('%j is %s', (value, deployment) => {
    expect(parseDeployment(value)).toBe(deployment);
  });

  it('refuses anything else', () => {
    expect(() => parseDeployment('cloud')).toThrow('BINLENS_DEPLOYMENT must be on-premises or hosted, got "cloud"');
  });
});

describe('parseScanConcurrency', () => {
  it('is 2 by default and takes 0 (scans only in worker processes) up to 64', () => {
    expect([parseScanConcurrency(undefined), parseScanConcurrency(''), parseScanConcurrency('0'), parseScanConcurrency('64')]).toEqual([2, 2, 0, 64]);
    expect(loadConfig({ BINLENS_SCAN_CONCURRENCY: '4' }, '/srv').scanConcurrency).toBe(4);
  });

  it.each(['-1', '65', '1.5', 'many'])('refuses %s', (value) => {
    expect(() => parseScanConcurrency(value)).toThrow(`BINLENS_SCAN_CONCURRENCY must be a whole number from 0 to 64 (scans run at once by this process), got "${value}"`);
  });
});
