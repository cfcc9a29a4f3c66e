import { Checkbox, Select, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ComponentIgnoreCreate, ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';
import { useIgnoreComponent } from '../api/overrides.ts';
import { filesOf } from './adjustment-access.ts';
import { DialogForm, fieldError } from './dialog-form.tsx';

type IgnoreScope = ComponentIgnoreCreate['scope'];

interface IgnoreDialogProps {
  opened: boolean;
  onClose: () => void;
  scan: Scan;
  component: ResultComponent;
}

/** The triage scopes (spec §9) in words, as seen from this scan. */
function scopeOptions(scan: Scan, hasFiles: boolean): { value: IgnoreScope; label: string }[] {
  return [
    { value: 'R', label: 'This application only' },
    { value: 'FN', label: `Every upload named ${displayText(scan.name)}` },
    { value: 'G', label: `Every application in group ${displayText(scan.group_name)}` },
    { value: 'CA', label: 'Every application in the account' },
    ...(hasFiles ? [{ value: 'FH' as const, label: 'Every application holding one of its files' }] : []),
  ];
}

/** Leaves the component out of the vulnerabilities and counts where the scope reaches. */
export function IgnoreDialog(props: IgnoreDialogProps) {
  return props.opened ? <IgnoreForm {...props} /> : null;
}

function IgnoreForm({ onClose, scan, component }: IgnoreDialogProps) {
  const files = filesOf(component);
  const [scope, setScope] = useState<IgnoreScope>('R');
  const [thisVersion, setThisVersion] = useState(component.version !== '');
  const [file, setFile] = useState<string | null>(files[0]?.sha1 ?? null);
  const [description, setDescription] = useState('');
  const ignore = useIgnoreComponent();
  return (
    <DialogForm
      opened
      title={`Ignore ${displayText(component.name_override?.name ?? component.lib)}`}
      submitLabel="Ignore component"
      pending={ignore.isPending}
      error={ignore.error}
      fields={['scope', 'component_version', 'triaged_obj', 'description', 'group_scope', 'result_scope']}
      canSubmit={scope !== 'FH' || file !== null}
      onClose={onClose}
      onSubmit={() =>
        ignore.mutate(
          {
            scan_id: scan.id, component_name: component.lib, component_version: thisVersion ? component.version : null, description: description.trim(), scope,
            ...(scope === 'G' ? { group_scope: scan.group } : {}),
            ...(scope === 'R' || scope === 'FN' ? { result_scope: scan.id } : {}),
            ...(scope === 'FH' ? { triaged_obj: file } : {}),
          },
          { onSuccess: onClose },
        )
      }
    >
      <Text size="sm">Its vulnerabilities are left out of the lists and counts where the ignore holds; the component itself stays listed.</Text>
      <Select
        label="Holds for"
        data={scopeOptions(scan, files.length > 0)}
        value={scope}
        allowDeselect={false}
        onChange={(value) => setScope((value as IgnoreScope | null) ?? scope)}
        error={fieldError(ignore.error, 'scope') ?? fieldError(ignore.error, 'group_scope') ?? fieldError(ignore.error, 'result_scope')}
      />
      {scope === 'FH' && (
        <Select
          label="File"
          data={files.map((entry) => ({ value: entry.sha1, label: `${displayPath(entry.path)} (${entry.sha1.slice(0, 12)}…)` }))}
          value={file}
          allowDeselect={false}
          onChange={setFile}
          error={fieldError(ignore.error, 'triaged_obj')}
        />
      )}
      {component.version !== '' && (
        <Checkbox
          label={`Only version ${displayText(component.version)}`}
          checked={thisVersion}
          onChange={(event) => setThisVersion(event.currentTarget.checked)}
          error={fieldError(ignore.error, 'component_version')}
        />
      )}
      <Textarea label="Why" rows={3} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={fieldError(ignore.error, 'description')} />
    </DialogForm>
  );
}
