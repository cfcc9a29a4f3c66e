// Two pickers of ready scans, base (before) and target (after), and the button that compares them.
// Once one side is chosen the other offers the scans of its group, newest first.
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatDateTime } from '../../../lib/format.ts';
import { CHOICE_LIMIT, chosenScanQueryOptions, readyScansQueryOptions } from '../api/scan-choices.ts';

interface ScanPickersProps {
  /** The ids the address named, chosen to begin with. */
  base: number | null;
  target: number | null;
}

export function ScanPickers(props: ScanPickersProps) {
  const navigate = useNavigate();
  const [base, setBase] = useState(props.base);
  const [target, setTarget] = useState(props.target);
  const baseScan = useChosenScan(base);
  const targetScan = useChosenScan(target);
  const same = base !== null && base === target;
  const compare = () => {
    if (base !== null && target !== null && !same) void navigate({ to: '/diff', search: { base, target } });
  };
  return (
    <Stack component="form" role="group" aria-label="Scans to compare" gap="sm" align="flex-start" onSubmit={(event) => { event.preventDefault(); compare(); }}>
      <Group align="flex-start" gap="sm" w="100%">
        <ScanSelect label="Base (before)" value={base} chosen={baseScan} other={targetScan.data} onChange={setBase} />
        <ScanSelect label="Target (after)" value={target} chosen={targetScan} other={baseScan.data} onChange={setTarget} />
      </Group>
      <Button type="submit" disabled={base === null || target === null || same}>
        Compare
      </Button>
    </Stack>
  );
}

function useChosenScan(id: number | null) {
  return useQuery({ ...chosenScanQueryOptions(id ?? 0), enabled: id !== null });
}

interface ScanSelectProps {
  label: string;
  value: number | null;
  chosen: ReturnType<typeof useChosenScan>;
  /** The scan chosen on the other side: only the other scans of its group are offered. */
  other: Scan | undefined;
  onChange: (id: number | null) => void;
}

function ScanSelect({ label, value, chosen, other, onChange }: ScanSelectProps) {
  const choices = useQuery(readyScansQueryOptions(other?.group ?? null));
  const scans = (choices.data?.results ?? []).filter((scan) => scan.id !== other?.id);
  // The chosen scan keeps its label even when it is not among the newest (or not ready).
  const offered = chosen.data && !scans.some((scan) => scan.id === chosen.data.id) ? [chosen.data, ...scans] : scans;
  const gone = value !== null && chosen.error instanceof ApiError && chosen.error.status === 404;
  const same = value !== null && value === other?.id;
  const description = other ? `Ready scans of ${displayText(other.group_name)}` : `The newest ${CHOICE_LIMIT} ready scans you can see`;
  return (
    <Select
      label={label}
      description={description}
      placeholder={choices.isPending ? 'Loading scans…' : 'Choose a ready scan'}
      data={offered.map((scan) => ({ value: String(scan.id), label: scanLabel(scan) }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      searchable
      clearable
      nothingFoundMessage={choices.isError ? 'Could not load the scans' : 'No ready scan matches'}
      error={gone ? `No scan ${value} that you can see` : same ? 'The same scan on both sides' : choices.isError ? <Text size="xs">{choices.error.message}</Text> : undefined}
      w={360}
      maw="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** "router-1.1.tar (#12) · Firmware · 2026-01-02 10:00 UTC": two uploads of one name told apart by id and date. */
export function scanLabel(scan: Pick<Scan, 'id' | 'name' | 'group_name' | 'created'>): string {
  return `${displayText(scan.name)} (#${scan.id}) · ${displayText(scan.group_name)} · ${formatDateTime(scan.created)}`;
}
