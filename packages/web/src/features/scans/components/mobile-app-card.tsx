// One mobile app: a header card with what identifies it (platform, name, id, version, OS
// levels, where it sits in the upload and its platform's flags), then one titled section per
// list the data holds. Sections without data are left out.
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { MobileApp } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { androidFacts, iosFacts, type AndroidFacts, type IosFacts } from '../api/mobile-apps.ts';
import { FileTreeLink } from './file-tree-link.tsx';
import {
  AtsDomainsTable,
  CertificatesTable,
  ComponentsTable,
  DexLibrariesTable,
  EntitlementsTable,
  FrameworksTable,
  NativeLibrariesTable,
  PermissionsTable,
} from './mobile-app-tables.tsx';

const PLATFORMS = {
  android: { label: 'Android', color: 'green' },
  ios: { label: 'iOS', color: 'blue' },
} as const;

const WRAP = { overflowWrap: 'anywhere' } as const;

interface Fact {
  label: string;
  value: string;
  /** A value worth a look (debuggable, cleartext allowed, ...) is coloured. */
  color?: 'red' | 'orange';
  /** Long values (paths) take a whole row of the grid. */
  wide?: boolean;
  mono?: boolean;
}

/** "1.4.2 (build 42)", "1.4.2", "build 42", or null when the app states neither. */
function versionText(app: MobileApp): string | null {
  const version = app.version === null ? null : displayText(app.version);
  const build = app.build === null ? null : `build ${displayText(app.build)}`;
  if (version !== null && build !== null) return `${version} (${build})`;
  return version ?? build;
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function commonFacts(app: MobileApp): Fact[] {
  const facts: Fact[] = [];
  const version = versionText(app);
  if (version !== null) facts.push({ label: 'Version', value: version });
  const level = (value: string) => (app.platform === 'android' ? `API ${displayText(value)}` : `iOS ${displayText(value)}`);
  if (app.min_os !== null) facts.push({ label: 'Minimum OS', value: level(app.min_os) });
  if (app.target_sdk !== null) facts.push({ label: 'Target SDK', value: level(app.target_sdk) });
  return facts;
}

function androidFactList(android: AndroidFacts): Fact[] {
  const facts: Fact[] = [];
  if (android.debuggable !== null) facts.push({ label: 'Debuggable', value: yesNo(android.debuggable), ...(android.debuggable ? { color: 'red' as const } : {}) });
  if (android.allow_backup !== null) facts.push({ label: 'Backup allowed', value: yesNo(android.allow_backup), ...(android.allow_backup ? { color: 'orange' as const } : {}) });
  facts.push({
    label: 'Cleartext traffic',
    ...(android.uses_cleartext_traffic === null
      ? { value: 'Not declared' }
      : android.uses_cleartext_traffic
        ? { value: 'Allowed', color: 'orange' as const }
        : { value: 'Not allowed' }),
  });
  if (android.network_security_config !== null) facts.push({ label: 'Network security config', value: displayText(android.network_security_config), mono: true });
  if (android.dex_count !== null) facts.push({ label: 'DEX files', value: formatNumber(android.dex_count) });
  return facts;
}

function iosFactList(ios: IosFacts): Fact[] {
  const facts: Fact[] = [];
  if (ios.encrypted !== null) facts.push({ label: 'Encrypted', value: yesNo(ios.encrypted) });
  if (ios.ats.allows_arbitrary_loads !== null) {
    facts.push({ label: 'ATS arbitrary loads', ...(ios.ats.allows_arbitrary_loads ? { value: 'Allowed', color: 'orange' as const } : { value: 'Not allowed' }) });
  }
  if (ios.url_schemes.length > 0) facts.push({ label: 'URL schemes', value: ios.url_schemes.map(displayText).join(', ') });
  const profile = ios.provisioning;
  if (profile?.name != null) facts.push({ label: 'Provisioning profile', value: displayText(profile.name) });
  if (profile?.team_id != null) facts.push({ label: 'Team', value: displayText(profile.team_id), mono: true });
  if (profile?.expires != null) facts.push({ label: 'Profile expires', value: formatDateTime(profile.expires) });
  if (ios.executable !== null) facts.push({ label: 'Executable', value: displayPath(ios.executable), wide: true });
  return facts;
}

/** Label over value, as many to a row as fit (two on a phone); a wide fact takes its own row. */
function FactGrid({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)' }}
    >
      {facts.map((fact) => (
        <div key={fact.label} style={fact.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" m={0} size="sm" c={fact.color} fw={fact.color ? 600 : undefined} ff={fact.mono ? 'monospace' : undefined} style={WRAP}>
            {fact.value}
          </Text>
        </div>
      ))}
    </Box>
  );
}

/** A titled part of an app; its heading names the region, with the number of rows beside it. */
function AppSection({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={4} id={id} mb={4}>
        {count === undefined ? title : `${title} `}
        {count !== undefined && (
          <Text span c="dimmed" fz="sm" fw={400}>
            {`(${formatNumber(count)})`}
          </Text>
        )}
      </Title>
      {children}
    </Box>
  );
}

interface MobileAppCardProps {
  app: MobileApp;
  narrow: boolean;
}

/** Everything the scan found about one app; the whole is a region named after the platform and the app. */
export function MobileAppCard({ app, narrow }: MobileAppCardProps) {
  const titleId = useId();
  const platformId = useId();
  const android = androidFacts(app);
  const ios = iosFacts(app);
  const platform = PLATFORMS[app.platform];
  const title = displayText(app.name ?? app.id);
  const path = displayPath(app.path);
  const facts = [...commonFacts(app), ...(android ? androidFactList(android) : []), ...(ios ? iosFactList(ios) : []), { label: 'Path', value: path, wide: true }];
  const signing = android?.signing;
  const entitlements = ios?.provisioning?.entitlements ?? [];
  return (
    // Named "Android Binlens Demo": an app may share its name with its build for the other platform.
    <Stack component="section" aria-labelledby={`${platformId} ${titleId}`} gap="lg">
      <Paper withBorder p={narrow ? 'sm' : 'md'}>
        <Group gap="sm" wrap="nowrap" align="center" mb={2}>
          <Badge id={platformId} color={platform.color} variant="light" style={{ flexShrink: 0 }}>
            {platform.label}
          </Badge>
          <Title order={3} id={titleId} style={WRAP}>
            {title}
          </Title>
        </Group>
        {app.name !== null && (
          <Text size="sm" c="dimmed" ff="monospace" mb="sm" title="Package name or bundle identifier" style={WRAP}>
            {displayText(app.id)}
          </Text>
        )}
        <FactGrid facts={facts} label={`About ${title}`} />
        <FileTreeLink path={app.path} />
      </Paper>
      {app.permissions.length > 0 && (
        <AppSection title="Permissions" count={app.permissions.length}>
          <PermissionsTable permissions={app.permissions} narrow={narrow} />
        </AppSection>
      )}
      {android && android.exported.length > 0 && (
        <AppSection title="Exported components" count={android.exported.length}>
          <ComponentsTable components={android.exported} narrow={narrow} />
        </AppSection>
      )}
      {signing && (signing.schemes.length > 0 || signing.certificates.length > 0) && (
        <AppSection title="Signing">
          <Text size="sm" mb={4} style={WRAP}>
            {signing.schemes.length > 0 ? `Signature schemes: ${signing.schemes.map(displayText).join(', ')}` : 'No signature scheme found'}
            <Text span size="sm" c="dimmed">
              {' · read, not verified'}
            </Text>
          </Text>
          {signing.v1.length > 0 && (
            <Text size="xs" c="dimmed" mb={4} style={WRAP}>
              {`v1 signature ${signing.v1.length === 1 ? 'file' : 'files'}: ${signing.v1.map(displayText).join(', ')}`}
            </Text>
          )}
          {signing.certificates.length > 0 && <CertificatesTable certificates={signing.certificates} narrow={narrow} />}
        </AppSection>
      )}
      {entitlements.length > 0 && (
        <AppSection title="Entitlements" count={entitlements.length}>
          <EntitlementsTable entitlements={entitlements} narrow={narrow} />
        </AppSection>
      )}
      {ios && ios.ats.exception_domains.length > 0 && (
        <AppSection title="ATS exceptions" count={ios.ats.exception_domains.length}>
          <Text size="sm" c="dimmed" mb={4}>
            Domains with their own App Transport Security settings.
          </Text>
          <AtsDomainsTable domains={ios.ats.exception_domains} />
        </AppSection>
      )}
      {android && android.native_libs.length > 0 && (
        <AppSection title="Native libraries" count={android.native_libs.length}>
          <NativeLibrariesTable libraries={android.native_libs} narrow={narrow} />
        </AppSection>
      )}
      {android && android.libraries.length > 0 && (
        <AppSection title="Libraries" count={android.libraries.length}>
          <DexLibrariesTable libraries={android.libraries} narrow={narrow} />
        </AppSection>
      )}
      {ios && ios.frameworks.length > 0 && (
        <AppSection title="Frameworks" count={ios.frameworks.length}>
          <FrameworksTable frameworks={ios.frameworks} narrow={narrow} />
        </AppSection>
      )}
    </Stack>
  );
}
