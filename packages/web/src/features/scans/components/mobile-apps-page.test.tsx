import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MobileApp } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { paged } from '../../../testing/builders.ts';
import { recordingQueries, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

/** An Android app as the server lists it (the engine's apk-basic fixture, snake-cased). */
function buildMobileApp(overrides: Partial<MobileApp> = {}): MobileApp {
  return {
    platform: 'android',
    path: ['phone-apps.tar', 'demo.apk'],
    id: 'org.binlens.demo',
    name: 'Binlens Demo',
    version: '1.4.2',
    build: '42',
    min_os: '21',
    target_sdk: '30',
    permissions: [
      { name: 'android.permission.CAMERA', protection_level: 'dangerous', usage: null },
      { name: 'android.permission.INTERNET', protection_level: 'normal', usage: null },
      { name: 'org.binlens.demo.permission.SYNC', protection_level: 'signature', usage: null },
    ],
    android: {
      debuggable: true,
      allow_backup: false,
      uses_cleartext_traffic: null,
      network_security_config: null,
      exported: [
        { kind: 'activity', name: 'org.binlens.demo.MainActivity', reason: 'intent-filter', permission: null },
        { kind: 'service', name: 'org.binlens.demo.SyncService', reason: 'exported', permission: 'org.binlens.demo.permission.SYNC' },
      ],
      native_libs: { 'arm64-v8a': ['libdemo.so'], x86_64: ['libdemo.so'] },
      dex_count: 1,
      signing: {
        v1: ['META-INF/DEMO.RSA'],
        schemes: ['v1', 'v2'],
        certificates: [
          {
            schemes: ['v1', 'v2'],
            subject: 'CN=binlens-demo',
            issuer: 'CN=binlens-demo',
            serial: '93d75239003755c3',
            valid_from: '2026-11-22T22:49:46.000Z',
            valid_to: '2054-04-09T22:49:46.000Z',
            sha256: '0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c',
            key_algorithm: 'RSA',
            key_size: 2048,
            debug: false,
          },
        ],
      },
      libraries: [{ name: 'OkHttp', package: 'okhttp3', version: '4.12.0', classes: 3, maven: 'com.squareup.okhttp3:okhttp' }],
    },
    ios: null,
    ...overrides,
  };
}

/** The engine's ipa-basic fixture as the server lists it. */
const IOS_APP = buildMobileApp({
  platform: 'ios',
  path: ['phone-apps.tar', 'demo.ipa'],
  version: '2.3.1',
  build: '231',
  min_os: '14.0',
  target_sdk: null,
  permissions: [{ name: 'NSCameraUsageDescription', protection_level: null, usage: 'Scan barcodes' }],
  android: null,
  ios: {
    executable: ['phone-apps.tar', 'demo.ipa', 'Payload/Demo.app/Demo'],
    encrypted: false,
    url_schemes: ['binlens', 'fb123456'],
    ats: { allows_arbitrary_loads: true, exception_domains: ['legacy.example.org'] },
    frameworks: [{ name: 'Alamofire', version: '5.8.1', path: ['phone-apps.tar', 'demo.ipa', 'Payload/Demo.app/Frameworks/Alamofire.framework/Info.plist'] }],
    provisioning: {
      name: 'Binlens Demo Ad Hoc',
      team_id: 'ABCDE12345',
      expires: '2030-01-01T00:00:00Z',
      entitlements: { 'aps-environment': 'production', 'get-task-allow': false, 'keychain-access-groups': ['ABCDE12345.*'] },
    },
  },
});

/** Answers the scan and its group, and the apps through `answer`, recording each query string. */
function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/mobileapps/', resolve));
  return queries;
}

function list(results: MobileApp[], count = results.length) {
  return HttpResponse.json({ ...paged(results), count });
}

/** A description list as [term, definition] pairs. */
function facts(list: HTMLElement): [string, string][] {
  const terms = within(list).getAllByRole('term').map((term) => term.textContent ?? '');
  const definitions = within(list).getAllByRole('definition').map((definition) => definition.textContent ?? '');
  return terms.map((term, index) => [term, definitions[index] ?? '']);
}

function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

describe('mobile apps tab', () => {
  it("shows an Android app's facts, permissions by protection level, exported components, signing and libraries", async () => {
    const queries = serve(() => list([buildMobileApp()]));
    renderRoute('/product/42/mobile-apps');
    const app = await screen.findByRole('region', { name: 'Android Binlens Demo' });
    expect(queries).toEqual(['?limit=10&offset=0']);
    expect(within(app).getByText('Android')).toBeInTheDocument();
    expect(within(app).getByText('org.binlens.demo')).toBeInTheDocument();
    expect(facts(within(app).getByLabelText('About Binlens Demo'))).toEqual([
      ['Version', '1.4.2 (build 42)'],
      ['Minimum OS', 'API 21'],
      ['Target SDK', 'API 30'],
      ['Debuggable', 'Yes'],
      ['Backup allowed', 'No'],
      ['Cleartext traffic', 'Not declared'],
      ['DEX files', '1'],
      ['Path', 'phone-apps.tar / demo.apk'],
    ]);

    const permissions = within(app).getByRole('table', { name: 'Permissions' });
    expect(within(permissions).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Permission', 'Protection level']);
    expect(cells(permissions)).toEqual([
      ['android.permission.CAMERA', 'dangerous'],
      ['android.permission.INTERNET', 'normal'],
      ['org.binlens.demo.permission.SYNC', 'signature'],
    ]);
    const badgeColor = (level: string) => within(permissions).getByText(level).closest('.mantine-Badge-root')?.getAttribute('style');
    expect(badgeColor('dangerous')).toContain('--badge-color: var(--mantine-color-red-light-color)');
    expect(badgeColor('signature')).toContain('--badge-color: var(--mantine-color-orange-light-color)');
    expect(badgeColor('normal')).toContain('--badge-color: var(--mantine-color-gray-light-color)');
    expect(within(app).getByRole('heading', { name: 'Permissions (3)' })).toBeInTheDocument();

    expect(cells(within(app).getByRole('table', { name: 'Exported components' }))).toEqual([
      ['org.binlens.demo.MainActivity', 'activity', 'Intent filter', 'None'],
      ['org.binlens.demo.SyncService', 'service', 'android:exported', 'org.binlens.demo.permission.SYNC'],
    ]);

    expect(within(app).getByText('Signature schemes: v1, v2')).toBeInTheDocument();
    expect(within(app).getByText('v1 signature file: META-INF/DEMO.RSA')).toBeInTheDocument();
    const certificates = within(app).getByRole('table', { name: 'Signing certificates' });
    expect(within(certificates).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Certificate', 'Validity', 'SHA-256', 'Schemes']);
    expect(cells(certificates)).toEqual([
      [
        'CN=binlens-demoSelf-signedSerial 93d75239003755c3Key RSA 2048',
        'From 2026-11-22 22:49 UTCTo 2054-04-09 22:49 UTC',
        '0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c',
        'v1, v2',
      ],
    ]);
    expect(within(certificates).getByText('0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c')).toHaveAttribute(
      'title',
      '0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c',
    );

    expect(cells(within(app).getByRole('table', { name: 'Native libraries' }))).toEqual([['libdemo.so', 'arm64-v8ax86_64']]);
    expect(cells(within(app).getByRole('table', { name: 'Libraries' }))).toEqual([['OkHttp', '4.12.0', 'com.squareup.okhttp3:okhttp', 'okhttp3', '3']]);
    expect(within(app).queryByRole('table', { name: 'Entitlements' })).not.toBeInTheDocument();
    // One app: no pager.
    expect(screen.queryByText('1 item')).not.toBeInTheDocument();
  });

  it("shows an iOS app's usage texts, entitlements, ATS exceptions and frameworks beside an Android app", async () => {
    serve(() => list([buildMobileApp({ name: 'Libs', id: 'org.binlens.libs', permissions: [], android: { debuggable: false, signing: {} } }), IOS_APP]));
    renderRoute('/product/42/mobile-apps');
    const app = await screen.findByRole('region', { name: 'iOS Binlens Demo' });
    expect(within(app).getByText('iOS')).toBeInTheDocument();
    expect(facts(within(app).getByLabelText('About Binlens Demo'))).toEqual([
      ['Version', '2.3.1 (build 231)'],
      ['Minimum OS', 'iOS 14.0'],
      ['Encrypted', 'No'],
      ['ATS arbitrary loads', 'Allowed'],
      ['URL schemes', 'binlens, fb123456'],
      ['Provisioning profile', 'Binlens Demo Ad Hoc'],
      ['Team', 'ABCDE12345'],
      ['Profile expires', '2030-01-01 00:00 UTC'],
      ['Executable', 'phone-apps.tar / demo.ipa / Payload/Demo.app/Demo'],
      ['Path', 'phone-apps.tar / demo.ipa'],
    ]);
    const permissions = within(app).getByRole('table', { name: 'Permissions' });
    expect(within(permissions).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Permission', 'Usage']);
    expect(cells(permissions)).toEqual([['NSCameraUsageDescription', 'Scan barcodes']]);
    expect(cells(within(app).getByRole('table', { name: 'Entitlements' }))).toEqual([
      ['aps-environment', 'production'],
      ['get-task-allow', 'false'],
      ['keychain-access-groups', 'ABCDE12345.*'],
    ]);
    expect(cells(within(app).getByRole('table', { name: 'ATS exception domains' }))).toEqual([['legacy.example.org']]);
    expect(cells(within(app).getByRole('table', { name: 'Frameworks' }))).toEqual([
      ['Alamofire', '5.8.1', 'phone-apps.tar / demo.ipa / Payload/Demo.app/Frameworks/Alamofire.framework/Info.plist'],
    ]);
    expect(within(app).queryByRole('table', { name: 'Signing certificates' })).not.toBeInTheDocument();

    // The Android app's record holds only two facts: only those show, and no list at all.
    const libs = screen.getByRole('region', { name: 'Android Libs' });
    expect(facts(within(libs).getByLabelText('About Libs'))).toEqual([
      ['Version', '1.4.2 (build 42)'],
      ['Minimum OS', 'API 21'],
      ['Target SDK', 'API 30'],
      ['Debuggable', 'No'],
      ['Cleartext traffic', 'Not declared'],
      ['Path', 'phone-apps.tar / demo.apk'],
    ]);
    expect(within(libs).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('on a phone keeps the certificate and its fingerprint side by side, kind and reason under the component', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === '(max-width: 48em)', media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    serve(() => list([buildMobileApp()]));
    renderRoute('/product/42/mobile-apps');
    const app = await screen.findByRole('region', { name: 'Android Binlens Demo' });
    const certificates = within(app).getByRole('table', { name: 'Signing certificates' });
    expect(within(certificates).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Certificate', 'SHA-256', 'Validity', 'Schemes']);
    expect(cells(within(app).getByRole('table', { name: 'Exported components' }))[1]).toEqual([
      'org.binlens.demo.SyncServiceservice · android:exported',
      'org.binlens.demo.permission.SYNC',
      'service',
    ]);
    phone.mockRestore();
  });

  it('pages through many apps with the page in the URL', async () => {
    const queries = serve(() => list([buildMobileApp()], 12));
    renderRoute('/product/42/mobile-apps?offset=10');
    await screen.findByRole('region', { name: 'Android Binlens Demo' });
    expect(queries).toEqual(['?limit=10&offset=10']);
    expect(screen.getByText('12 items')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Pages')).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when the scan holds no app, and when a page past the end holds none', async () => {
    serve((query) => list([], query.get('offset') === '0' ? 0 : 3));
    const { unmount } = renderRoute('/product/42/mobile-apps');
    expect(await screen.findByText('No mobile apps in this scan.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderRoute('/product/42/mobile-apps?offset=20');
    expect(await screen.findByText('No mobile apps on this page.')).toBeInTheDocument();
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });

  it("shows the server's reason while the scan is not ready", async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready yet' }, { status: 409 }));
    renderRoute('/product/42/mobile-apps');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The scan is not ready yet');
    expect(screen.queryByText('No mobile apps in this scan.')).not.toBeInTheDocument();
  });
});
