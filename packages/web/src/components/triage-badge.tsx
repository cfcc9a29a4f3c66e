import { Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Triage } from '../lib/api-schemas.ts';
import { displayText } from '../lib/format.ts';
import { isRescoring, isResolving, TRIAGE_RATIONALE_NAMES, TRIAGE_SCOPE_NAMES } from '../lib/triage.ts';
import { SeverityBadge } from './severity-badge.tsx';

interface TriageBadgeProps {
  triage: Pick<Triage, 'id' | 'rationale' | 'scope' | 'description' | 'adjusted_severity' | 'environmental_vector'>;
  /** Links to the triage's page (/triages/{id}/). */
  link?: boolean;
}

/**
 * A triage's rationale in words, the same everywhere: teal when it resolves the vulnerability,
 * grey for a comment (CO) and blue for a re-scoring, which both leave it open. The description
 * and scope show on hover.
 */
export function TriageBadge({ triage, link = false }: TriageBadgeProps) {
  const name = TRIAGE_RATIONALE_NAMES[triage.rationale];
  const colour = isResolving(triage) ? 'teal' : isRescoring(triage) ? 'blue' : 'gray';
  const hover = [`${name} (${TRIAGE_SCOPE_NAMES[triage.scope]})`, triage.description === '' ? '' : displayText(triage.description)].filter(Boolean).join(': ');
  const badge = (
    <Badge size="sm" variant="light" color={colour} tt="none" title={hover} style={{ cursor: link ? 'pointer' : undefined }}>
      {name}
    </Badge>
  );
  if (!link) return badge;
  return (
    <Link to="/triages/$triageId" params={{ triageId: triage.id }} aria-label={`Triage: ${name}`} style={{ textDecoration: 'none' }}>
      {badge}
    </Link>
  );
}

interface RescoringProps {
  /** The vulnerability's own severity and score; unknown (still loading, or not in the knowledge base) shows only the new one. */
  before: { severity: string | null; score: number | null } | undefined;
  triage: Pick<Triage, 'adjusted_severity' | 'adjusted_score' | 'environmental_vector'>;
}

/** A re-scoring beside the original: "high 7.5 → low 3.1", the new score being the environmental one when a vector gave it. */
export function Rescoring({ before, triage }: RescoringProps) {
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label="Re-scored">
      {before && <SeverityBadge severity={before.severity} score={before.score} />}
      <Text size="sm" c="dimmed" aria-hidden>
        →
      </Text>
      <SeverityBadge severity={triage.adjusted_severity} score={triage.adjusted_score} />
    </Group>
  );
}
