import { Badge } from '@mantine/core';

/** Spec §9 licence classes in words; `unknown` for one no class is known for. */
export const POLICY_LABELS: Readonly<Record<string, { short: string; long: string; colour: string }>> = {
  RE: { short: 'Restrictive', long: 'Restrictive: copyleft terms bind what ships with it', colour: 'red' },
  RU: { short: 'Restrictive?', long: 'Restrictive when estimated: the licence text matched a restrictive licence only in part', colour: 'orange' },
  PE: { short: 'Permissive', long: 'Permissive', colour: 'teal' },
  unknown: { short: 'Unknown', long: 'Unknown: no class is known for this licence', colour: 'gray' },
};

export function LicensePolicyBadge({ policy }: { policy: string }) {
  const label = POLICY_LABELS[policy] ?? POLICY_LABELS.unknown;
  return (
    <Badge size="xs" variant="light" color={label?.colour} title={label?.long} tt="none" style={{ flexShrink: 0 }}>
      {label?.short}
    </Badge>
  );
}
