// The lists of one mobile app (permissions, exported components, signing certificates,
// libraries, frameworks, entitlements, ATS exception domains), each a DataTable. On a phone
// every table puts its key facts in the first two columns (about 350 px, what a 390 px screen
// shows) and the rest after them, reached by scrolling sideways.
import { Badge, Group, Text, type MantineColor } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { MobileApp } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatDateTime, formatNumber } from '../../../lib/format.ts';
import type { DexLibrary, Entitlement, ExportedComponent, IosFramework, NativeLibrary, SigningCertificate } from '../api/mobile-apps.ts';

type Permission = MobileApp['permissions'][number];

/** An item with its place in its list: list entries carry no id, and names may repeat. */
type Placed<T> = T & { position: number };

function placed<T extends object>(items: readonly T[]): Placed<T>[] {
  return items.map((item, position) => ({ ...item, position }));
}

const byPosition = (row: { position: number }) => String(row.position);

/** Long names, ids and fingerprints break anywhere rather than widen the table. */
const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

/** `android.permission.CAMERA` may break after each dot, slash or colon before it breaks inside a word. */
function breakable(text: string): ReactNode {
  return text.split(/(?<=[./:])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

interface WrapProps {
  text: string;
  /** Keeps a long value from widening its column. */
  maw?: number | string;
  mono?: boolean;
  dimmed?: boolean;
  title?: string;
}

/** Text (already made showable) that wraps inside its cell. */
function Wrap({ text, maw = 420, mono = false, dimmed = false, title }: WrapProps) {
  return (
    <Text size={mono || dimmed ? 'xs' : 'sm'} ff={mono ? 'monospace' : undefined} c={dimmed ? 'dimmed' : undefined} maw={maw} title={title} style={WRAP}>
      {breakable(text)}
    </Text>
  );
}

/** A short value that keeps to one line, in the cells' type. */
function Plain({ text }: { text: string }) {
  return <Text size="sm">{text}</Text>;
}

function Dimmed({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/**
 * The phone layout's column widths: the first two fit a 390 px screen (340 px of its 358); the
 * others share what is left of the table's least width (600 px), so the first two keep theirs.
 */
const PHONE_TABLE = 600;
const PHONE_FIRST = 190;
const PHONE_SECOND = 150;
/** What a cell's text may take in those columns (a cell pads 10 px on each side). */
const PHONE_FIRST_TEXT = PHONE_FIRST - 20;
const PHONE_SECOND_TEXT = PHONE_SECOND - 20;

/**
 * Every column has a width (150 px unless set), and a table wider than their sum shares the
 * rest in their proportion: `wide` gives those proportions on a wide screen. On a phone the
 * widths above, or, for two columns, the first one's and all the rest.
 */
function sized<Row>(columns: ColumnDef<Row, unknown>[], narrow: boolean, wide: readonly number[]): ColumnDef<Row, unknown>[] {
  if (!narrow) return columns.map((column, index) => ({ ...column, size: wide[index] ?? 150 }));
  const rest = columns.length > 2 ? (PHONE_TABLE - PHONE_FIRST - PHONE_SECOND) / (columns.length - 2) : PHONE_TABLE - PHONE_FIRST;
  return columns.map((column, index) => ({ ...column, size: index === 0 ? PHONE_FIRST : index === 1 && columns.length > 2 ? PHONE_SECOND : rest }));
}

// ---- Permissions ----

/** dangerous red, signature (and signatureOrSystem, signature|privileged) orange, the rest grey. */
export function protectionColor(level: string): MantineColor {
  const lower = level.toLowerCase();
  if (lower.includes('dangerous')) return 'red';
  if (lower.includes('signature')) return 'orange';
  return 'gray';
}

export function PermissionsTable({ permissions, narrow }: { permissions: readonly Permission[]; narrow: boolean }) {
  type Row = Placed<Permission>;
  const withLevel = permissions.some((permission) => permission.protection_level !== null);
  const withUsage = permissions.some((permission) => permission.usage !== null);
  const name: ColumnDef<Row, unknown> = {
    id: 'name',
    header: 'Permission',
    enableHiding: false,
    cell: ({ row: { original } }) => <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 520} />,
  };
  const level: ColumnDef<Row, unknown> = {
    id: 'protection',
    header: 'Protection level',
    cell: ({ row: { original } }) =>
      original.protection_level === null ? (
        <Dimmed text="Unknown" />
      ) : (
        <Badge color={protectionColor(original.protection_level)} variant="light" size="sm" tt="none">
          {displayText(original.protection_level)}
        </Badge>
      ),
  };
  const usage: ColumnDef<Row, unknown> = {
    id: 'usage',
    header: 'Usage',
    cell: ({ row: { original } }) =>
      original.usage === null ? <Dimmed text="None" /> : <Wrap text={displayText(original.usage)} maw={narrow ? PHONE_SECOND_TEXT : 560} />,
  };
  const columns = [name, ...(withLevel ? [level] : []), ...(withUsage ? [usage] : [])];
  const wide = withLevel && withUsage ? [340, 140, 420] : withLevel ? [480, 200] : [360, 540];
  return <DataTable label="Permissions" columns={sized(columns, narrow, wide)} data={placed(permissions)} getRowId={byPosition} />;
}

// ---- Exported components ----

const REASONS: Record<string, string> = { exported: 'android:exported', 'intent-filter': 'Intent filter' };

function reasonLabel(reason: string | null): string {
  return reason === null ? '-' : (REASONS[reason] ?? displayText(reason));
}

export function ComponentsTable({ components, narrow }: { components: readonly ExportedComponent[]; narrow: boolean }) {
  type Row = Placed<ExportedComponent>;
  const name: ColumnDef<Row, unknown> = {
    id: 'name',
    header: 'Component',
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <>
        <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 480} />
        {narrow && <Wrap dimmed text={`${displayText(original.kind)} · ${reasonLabel(original.reason)}`} maw={PHONE_FIRST_TEXT} />}
      </>
    ),
  };
  const permission: ColumnDef<Row, unknown> = {
    id: 'permission',
    header: 'Permission',
    cell: ({ row: { original } }) =>
      original.permission === null ? <Dimmed text="None" /> : <Wrap text={displayText(original.permission)} maw={narrow ? PHONE_SECOND_TEXT : 400} />,
  };
  const kind: ColumnDef<Row, unknown> = { id: 'kind', header: 'Kind', cell: ({ row: { original } }) => <Plain text={displayText(original.kind)} /> };
  const reason: ColumnDef<Row, unknown> = { id: 'reason', header: 'Exported by', cell: ({ row: { original } }) => <Plain text={reasonLabel(original.reason)} /> };
  return (
    <DataTable
      label="Exported components"
      columns={narrow ? sized([name, permission, kind], true, []) : sized([name, kind, reason, permission], false, [380, 110, 140, 320])}
      data={placed(components)}
      getRowId={byPosition}
    />
  );
}

// ---- Signing certificates ----

function expired(certificate: SigningCertificate, now: number): boolean {
  if (certificate.valid_to === null) return false;
  const end = Date.parse(certificate.valid_to);
  return Number.isFinite(end) && end < now;
}

function keyText(certificate: SigningCertificate): string | null {
  if (certificate.key_algorithm === null) return null;
  const algorithm = displayText(certificate.key_algorithm);
  return certificate.key_size === null ? algorithm : `${algorithm} ${certificate.key_size}`;
}

/** Subject and issuer (two lines at most, whole in their title), then serial and key. */
function CertificateCell({ certificate, narrow }: { certificate: SigningCertificate; narrow: boolean }) {
  const subject = displayText(certificate.subject);
  const issuer = certificate.issuer === null ? null : displayText(certificate.issuer);
  const key = keyText(certificate);
  const width = narrow ? PHONE_FIRST_TEXT : 340;
  return (
    <>
      <Text size="sm" lineClamp={2} title={subject} maw={width} style={WRAP}>
        {subject}
      </Text>
      {certificate.debug && (
        <Badge color="red" variant="light" size="sm" tt="none" my={2}>
          Debug certificate
        </Badge>
      )}
      {issuer !== null && (
        <Text size="xs" c="dimmed" lineClamp={2} title={issuer} maw={width} style={WRAP}>
          {issuer === subject ? 'Self-signed' : `Issuer: ${issuer}`}
        </Text>
      )}
      {certificate.serial !== null && <Wrap dimmed text={`Serial ${displayText(certificate.serial)}`} maw={width} />}
      {key !== null && <Wrap dimmed text={`Key ${key}`} maw={width} />}
    </>
  );
}

function ValidityCell({ certificate, now }: { certificate: SigningCertificate; now: number }) {
  return (
    <>
      <Text size="sm">{`From ${formatDateTime(certificate.valid_from)}`}</Text>
      <Text size="sm">{`To ${formatDateTime(certificate.valid_to)}`}</Text>
      {expired(certificate, now) && (
        <Badge color="red" variant="light" size="sm" tt="none">
          Expired
        </Badge>
      )}
    </>
  );
}

/** The whole fingerprint: two lines of 32 hex digits on a wide screen, wrapped anywhere on a phone. */
function FingerprintCell({ sha256, narrow }: { sha256: string | null; narrow: boolean }) {
  if (sha256 === null) return <Dimmed text="None" />;
  const text = displayText(sha256);
  return (
    <Text size="xs" ff="monospace" miw={narrow ? undefined : '32.5ch'} maw={narrow ? PHONE_SECOND_TEXT : '32.5ch'} title={text} style={WRAP}>
      {text}
    </Text>
  );
}

export function CertificatesTable({ certificates, narrow }: { certificates: readonly SigningCertificate[]; narrow: boolean }) {
  // The time the table first showed: "Expired" does not appear while the page is open.
  const [now] = useState(Date.now);
  type Row = Placed<SigningCertificate>;
  const certificate: ColumnDef<Row, unknown> = {
    id: 'certificate',
    header: 'Certificate',
    enableHiding: false,
    cell: ({ row: { original } }) => <CertificateCell certificate={original} narrow={narrow} />,
  };
  const fingerprint: ColumnDef<Row, unknown> = {
    id: 'sha256',
    header: 'SHA-256',
    enableHiding: false,
    cell: ({ row: { original } }) => <FingerprintCell sha256={original.sha256} narrow={narrow} />,
  };
  const validity: ColumnDef<Row, unknown> = { id: 'validity', header: 'Validity', cell: ({ row: { original } }) => <ValidityCell certificate={original} now={now} /> };
  const schemes: ColumnDef<Row, unknown> = {
    id: 'schemes',
    header: 'Schemes',
    cell: ({ row: { original } }) => (original.schemes.length === 0 ? <Dimmed text="None" /> : <Plain text={original.schemes.map(displayText).join(', ')} />),
  };
  return (
    <DataTable
      label="Signing certificates"
      columns={narrow ? sized([certificate, fingerprint, validity, schemes], true, []) : sized([certificate, validity, fingerprint, schemes], false, [340, 220, 260, 110])}
      data={placed(certificates)}
      getRowId={byPosition}
    />
  );
}

// ---- Libraries ----

function Version({ version, narrow }: { version: string | null; narrow: boolean }) {
  return version === null ? <Dimmed text="Unknown" /> : <Wrap text={displayText(version)} maw={narrow ? PHONE_SECOND_TEXT : 200} />;
}

export function NativeLibrariesTable({ libraries, narrow }: { libraries: readonly NativeLibrary[]; narrow: boolean }) {
  type Row = Placed<NativeLibrary>;
  const columns: ColumnDef<Row, unknown>[] = [
    { id: 'name', header: 'Library', enableHiding: false, cell: ({ row: { original } }) => <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 460} /> },
    {
      id: 'abis',
      header: 'ABIs',
      cell: ({ row: { original } }) => (
        <Group gap={4} maw={narrow ? PHONE_SECOND_TEXT : 520} style={{ whiteSpace: 'normal' }}>
          {original.abis.map((abi) => (
            <Badge key={abi} color="gray" variant="light" size="sm" tt="none">
              {displayText(abi)}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  return <DataTable label="Native libraries" columns={sized(columns, narrow, [360, 540])} data={placed(libraries)} getRowId={byPosition} />;
}

export function DexLibrariesTable({ libraries, narrow }: { libraries: readonly DexLibrary[]; narrow: boolean }) {
  type Row = Placed<DexLibrary>;
  const name: ColumnDef<Row, unknown> = {
    id: 'name',
    header: 'Library',
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <>
        <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 300} />
        {narrow && original.maven !== null && <Wrap dimmed text={displayText(original.maven)} maw={PHONE_FIRST_TEXT} />}
      </>
    ),
  };
  const version: ColumnDef<Row, unknown> = { id: 'version', header: 'Version', cell: ({ row: { original } }) => <Version version={original.version} narrow={narrow} /> };
  const maven: ColumnDef<Row, unknown> = {
    id: 'maven',
    header: 'Maven artifact',
    cell: ({ row: { original } }) => (original.maven === null ? <Dimmed text="-" /> : <Wrap text={displayText(original.maven)} maw={400} />),
  };
  const pkg: ColumnDef<Row, unknown> = {
    id: 'package',
    header: 'Java package',
    cell: ({ row: { original } }) => (original.package === null ? <Dimmed text="-" /> : <Wrap text={displayText(original.package)} maw={300} />),
  };
  const classes: ColumnDef<Row, unknown> = {
    id: 'classes',
    header: 'Classes',
    cell: ({ row: { original } }) => (original.classes === null ? <Dimmed text="-" /> : <Plain text={formatNumber(original.classes)} />),
  };
  return (
    <DataTable
      label="Libraries"
      columns={narrow ? sized([name, version, pkg, classes], true, []) : sized([name, version, maven, pkg, classes], false, [200, 110, 330, 220, 80])}
      data={placed(libraries)}
      getRowId={byPosition}
    />
  );
}

export function FrameworksTable({ frameworks, narrow }: { frameworks: readonly IosFramework[]; narrow: boolean }) {
  type Row = Placed<IosFramework>;
  const name: ColumnDef<Row, unknown> = {
    id: 'name',
    header: 'Framework',
    enableHiding: false,
    cell: ({ row: { original } }) => {
      const path = displayPath(original.path);
      return (
        <>
          <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 300} />
          {narrow && <Wrap dimmed text={path} title={path} maw={PHONE_FIRST_TEXT} />}
        </>
      );
    },
  };
  const version: ColumnDef<Row, unknown> = { id: 'version', header: 'Version', cell: ({ row: { original } }) => <Version version={original.version} narrow={narrow} /> };
  const path: ColumnDef<Row, unknown> = {
    id: 'path',
    header: 'Path',
    cell: ({ row: { original } }) => {
      const text = displayPath(original.path);
      return <Wrap text={text} title={text} maw={640} />;
    },
  };
  return (
    <DataTable
      label="Frameworks"
      columns={narrow ? sized([name, version], true, []) : sized([name, version, path], false, [220, 120, 560])}
      data={placed(frameworks)}
      getRowId={byPosition}
    />
  );
}

// ---- iOS: entitlements and ATS ----

export function EntitlementsTable({ entitlements, narrow }: { entitlements: readonly Entitlement[]; narrow: boolean }) {
  type Row = Placed<Entitlement>;
  const columns: ColumnDef<Row, unknown>[] = [
    { id: 'name', header: 'Entitlement', enableHiding: false, cell: ({ row: { original } }) => <Wrap text={displayText(original.name)} maw={narrow ? PHONE_FIRST_TEXT : 420} /> },
    {
      id: 'value',
      header: 'Value',
      enableHiding: false,
      cell: ({ row: { original } }) => <Wrap mono text={displayText(original.value)} maw={narrow ? PHONE_SECOND_TEXT : 560} />,
    },
  ];
  return <DataTable label="Entitlements" columns={sized(columns, narrow, [360, 540])} data={placed(entitlements)} getRowId={byPosition} />;
}

export function AtsDomainsTable({ domains }: { domains: readonly string[] }) {
  const columns: ColumnDef<Placed<{ domain: string }>, unknown>[] = [
    { id: 'domain', header: 'Domain', enableHiding: false, cell: ({ row: { original } }) => <Wrap text={displayText(original.domain)} maw={640} /> },
  ];
  return <DataTable label="ATS exception domains" columns={columns} data={placed(domains.map((domain) => ({ domain })))} getRowId={byPosition} />;
}
