// What each static code analysis rule means, below the findings: the server's catalogue
// (GET /rest/static-code-rules/), with the CWE each rule stands for linked.
import { Accordion, Anchor, Code, Group, Stack, Text } from '@mantine/core';
import type { CodeRule } from '../../../lib/api-schemas.ts';
import { SeverityBadge } from '../../../components/severity-badge.tsx';

/** The MITRE page of a `CWE-120` id; null for anything else. */
export function cweUrl(cwe: string): string | null {
  const match = /^CWE-(\d{1,5})$/.exec(cwe);
  return match ? `https://cwe.mitre.org/data/definitions/${match[1]}.html` : null;
}

export function CweLink({ cwe }: { cwe: string }) {
  const url = cweUrl(cwe);
  if (!url) return <Text size="sm">{cwe}</Text>;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer noopener" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {cwe}
    </Anchor>
  );
}

export function CodeRulesHelp({ rules }: { rules: readonly CodeRule[] }) {
  return (
    <Accordion variant="contained" mt="lg">
      <Accordion.Item value="help">
        <Accordion.Control>What these rules mean</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md" aria-label="Rules" role="list">
            {rules.map((rule) => (
              <Stack key={rule.id} gap={4} role="listitem" aria-label={rule.title}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {rule.title}
                  </Text>
                  <SeverityBadge severity={rule.severity} />
                  <CweLink cwe={rule.cwe} />
                  <Code>{rule.id}</Code>
                </Group>
                {rule.functions.length > 0 && (
                  <Text size="xs" c="dimmed">
                    Functions: {rule.functions.join(', ')}
                  </Text>
                )}
                <Text size="sm">{rule.explanation}</Text>
                <Text size="sm">
                  <Text span fw={600} size="sm">
                    Instead:{' '}
                  </Text>
                  {rule.remedy}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
