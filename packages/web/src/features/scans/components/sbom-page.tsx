import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { SBOM_DOWNLOADS, sbomUrl } from '../api/scan-metadata.ts';

/** The SBOM documents the server writes for a ready scan, the same the command line writes. */
export function SbomPage({ scanId }: { scanId: number }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={760}>
        Each document lists every component with its version, package URL, CPEs, licences and the files it was found in, and the vulnerabilities
        known now. The command line writes the same documents: <code>binlens scan FILE --format cyclonedx-json</code>.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={760} role="list" aria-label="SBOM formats">
        {SBOM_DOWNLOADS.map(({ format, label, description }) => (
          <Card key={format} withBorder padding="sm" role="listitem" aria-label={label}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Text size="sm" c="dimmed" mb="sm">
              {description}
            </Text>
            <Button component="a" href={sbomUrl(scanId, format)} download size="xs" variant="light" w="fit-content">
              Download
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="sm" maw={760} role="region" aria-label="VEX">
        <Text fw={600} size="sm">
          VEX
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          The triages that hold in this application, on its components: what they resolve and why, for tools that read VEX.
        </Text>
        <Group gap="xs">
          {VEX_DOWNLOADS.map(({ format, label }) => (
            <Button key={format} component="a" href={`/rest/scans/${scanId}/vex/?format=${format}`} download size="xs" variant="light">
              {`Download VEX (${label})`}
            </Button>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}

/** GET /rest/scans/{id}/vex/?format=: the triages as CycloneDX 1.6 or OpenVEX 0.2.0. */
const VEX_DOWNLOADS = [
  { format: 'cyclonedx', label: 'CycloneDX' },
  { format: 'openvex', label: 'OpenVEX' },
] as const;
