// The group and the application a VEX export or import names, chosen among those the user sees.
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { displayText } from '../../../lib/format.ts';
import { vexApplicationsQueryOptions, vexGroupsQueryOptions } from '../api/vex.ts';

interface PickerProps {
  label: string;
  description?: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | null;
}

export function GroupPicker({ label, description, value, onChange, error }: PickerProps) {
  const groups = useQuery(vexGroupsQueryOptions());
  return (
    <Select
      label={label}
      description={description}
      placeholder={groups.isPending ? 'Loading groups…' : 'Choose a group'}
      data={(groups.data?.results ?? []).map((group) => ({ value: String(group.id), label: displayText(group.name) }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      searchable
      nothingFoundMessage={groups.isError ? 'Could not load the groups' : 'No group matches'}
      error={error ?? (groups.isError ? groups.error.message : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function ApplicationPicker({ label, description, value, onChange, error }: PickerProps) {
  const applications = useQuery(vexApplicationsQueryOptions());
  return (
    <Select
      label={label}
      description={description}
      placeholder={applications.isPending ? 'Loading applications…' : 'Choose a ready application'}
      data={(applications.data?.results ?? []).map((scan) => ({ value: String(scan.id), label: `${displayText(scan.name)} (${displayText(scan.group_name)}, #${scan.id})` }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      searchable
      nothingFoundMessage={applications.isError ? 'Could not load the applications' : 'No ready application matches'}
      error={error ?? (applications.isError ? applications.error.message : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
