import { Badge, Button, Code, CopyButton, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ContainerImage, ImageLayer } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { layersQueryOptions } from '../api/files.ts';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** A layer names this many components; the file tree shows each file's. */
const LAYER_COMPONENTS = 30;

interface LayersPageProps {
  scanId: number;
}

/** Each container image of a ready scan, its layers bottom first: the build step, what the layer brought and what it deleted. */
export function LayersPage({ scanId }: LayersPageProps) {
  const query = useQuery(layersQueryOptions(scanId));
  if (query.isPending) return <Loader aria-label="Loading layers" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const images = query.data.results;
  if (images.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Title order={3} size="h4" mb="xs">
          No container image in this scan
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Layers are shown for docker save and OCI image archives, uploaded as they are or found inside the uploaded file.
        </Text>
        <AnchorLink to="/product/$scanId/files" params={{ scanId }} size="sm">
          Browse the files of this scan
        </AnchorLink>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      {images.map((image) => (
        <ImageCard key={`${image.id} ${JSON.stringify(image.path)}`} scanId={scanId} image={image} />
      ))}
    </Stack>
  );
}

function ImageCard({ scanId, image }: { scanId: number; image: ContainerImage }) {
  const narrow = usePhoneWidth();
  const name = image.repo_tags.length > 0 ? image.repo_tags.map(displayText).join(', ') : 'Untagged image';
  return (
    <Paper withBorder p={narrow ? 'sm' : 'md'} component="section" aria-label={`Image ${name}`}>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={3} size="h4" style={WRAP}>
          {name}
        </Title>
        <Text size="sm" c="dimmed" ff="monospace" title={image.id}>
          {image.id.slice(0, 12)}
        </Text>
        <CopyButton value={image.id}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label="Copy image id">
              {copied ? 'Copied' : 'Copy id'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed" mb="md" style={WRAP}>
        {`${image.path.length === 0 ? 'The uploaded file' : displayPath(image.path)} · ${formatNumber(image.layers.length)} ${image.layers.length === 1 ? 'layer' : 'layers'}, bottom first`}
      </Text>
      <Timeline active={image.layers.length} bulletSize={22} lineWidth={2}>
        {image.layers.map((layer, index) => (
          <Timeline.Item key={`${layer.digest}-${index}`} bullet={<Text size="xs">{index + 1}</Text>} title={<LayerTitle layer={layer} index={index} />}>
            <LayerBody scanId={scanId} layer={layer} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

function LayerTitle({ layer, index }: { layer: ImageLayer; index: number }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text size="sm" fw={600}>{`Layer ${index + 1}`}</Text>
      <Text size="xs" c="dimmed" ff="monospace" title={layer.digest}>
        {layer.digest.slice(0, 12)}
      </Text>
      {layer.created !== null && (
        <Text size="xs" c="dimmed">
          {formatDateTime(layer.created)}
        </Text>
      )}
    </Group>
  );
}

function LayerBody({ scanId, layer }: { scanId: number; layer: ImageLayer }) {
  const facts = [
    `${formatNumber(layer.files)} ${layer.files === 1 ? 'file' : 'files'}`,
    `${formatNumber(layer.components.length)} ${layer.components.length === 1 ? 'component' : 'components'}`,
    ...(layer.deleted > 0 ? [`${formatNumber(layer.deleted)} deleted`] : []),
  ];
  return (
    <Stack gap={6} mt={4} mb="sm">
      {layer.created_by === null ? (
        <Text size="xs" c="dimmed">
          The image&apos;s history does not say which build step wrote this layer.
        </Text>
      ) : (
        <Code block aria-label="Build step" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflow: 'auto' }}>
          {displayText(layer.created_by)}
        </Code>
      )}
      <Text size="xs" c="dimmed">
        {facts.join(' · ')}
      </Text>
      {layer.components.length > 0 && (
        <Group gap={4} aria-label="Components in this layer" role="list">
          {layer.components.slice(0, LAYER_COMPONENTS).map((component) => (
            <Badge key={component.uid} role="listitem" color="blue" variant="light" tt="none" title={component.uid} maw="100%">
              {displayText(`${component.lib} ${component.version}`.trim())}
            </Badge>
          ))}
          {layer.components.length > LAYER_COMPONENTS && (
            <Text size="xs" c="dimmed">{`and ${formatNumber(layer.components.length - LAYER_COMPONENTS)} more`}</Text>
          )}
        </Group>
      )}
      {layer.deleted > 0 && <DeletedFiles scanId={scanId} layer={layer} />}
    </Stack>
  );
}

/** The files this layer's whiteouts deleted, each a link to its place in the file tree. */
function DeletedFiles({ scanId, layer }: { scanId: number; layer: ImageLayer }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        Deleted by this layer
      </Text>
      <Stack gap={0} component="ul" m={0} pl="md">
        {layer.deleted_files.map((path) => (
          <li key={JSON.stringify(path)}>
            <AnchorLink to="/product/$scanId/files" params={{ scanId }} search={{ path }} size="sm" ff="monospace" td="line-through" style={WRAP}>
              {displayPath(path)}
            </AnchorLink>
          </li>
        ))}
      </Stack>
      {layer.deleted > layer.deleted_files.length && (
        <Text size="xs" c="dimmed">{`and ${formatNumber(layer.deleted - layer.deleted_files.length)} more`}</Text>
      )}
    </div>
  );
}
