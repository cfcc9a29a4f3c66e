import { describe, expect, it } from 'vitest';
import { loadConfig, parseDeployment, parseScanConcurrency, parseScanHeartbeat, parseTrustProxy } from './config.ts';
import { scanHeartbeat } from './lib/scan-heartbeat.ts';

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

describe('parseScanHeartbeat', () => {
  it('is 20 s by default and takes 10 (pg-boss\'s least) up to 3600', () => {
    expect([parseScanHeartbeat(undefined), parseScanHeartbeat(' '), parseScanHeartbeat('10'), parseScanHeartbeat('3600')]).toEqual([20, 20, 10, 3600]);
    expect(loadConfig({ BINLENS_SCAN_HEARTBEAT_SECONDS: '12' }, '/srv').scanHeartbeatSeconds).toBe(12);
  });

  it.each(['9', '3601', '12.5', 'soon'])('refuses %s', (value) => {
    expect(() => parseScanHeartbeat(value)).toThrow(`BINLENS_SCAN_HEARTBEAT_SECONDS must be a whole number of seconds from 10 to 3600, got "${value}"`);
  });
});

describe('scanHeartbeat', () => {
  it('refreshes four times and looks twice per heartbeat', () => {
    expect(scanHeartbeat()).toEqual({ seconds: 20, refreshSeconds: 5, superviseSeconds: 10 });
    expect(scanHeartbeat(10)).toEqual({ seconds: 10, refreshSeconds: 3, superviseSeconds: 5 });
  });
});
