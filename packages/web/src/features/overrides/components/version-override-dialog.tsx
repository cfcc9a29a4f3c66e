import { Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { displayText } from '../../../lib/format.ts';
import { useCreateVersionOverride } from '../api/overrides.ts';
import { detectedVersion, filesOf, type OverrideScope, overrideScopeLabel } from './adjustment-access.ts';
import { DialogForm, fieldError } from './dialog-form.tsx';
import { FilesChecklist } from './files-checklist.tsx';

interface VersionOverrideDialogProps {
  opened: boolean;
  onClose: () => void;
  scan: Scan;
  component: ResultComponent;
  /** The scopes the company allows and the user may use, narrowest first. */
  scopes: OverrideScope[];
}

/** Spec §9 version override: the version of the component for its files, at one of the allowed scopes. */
export function VersionOverrideDialog(props: VersionOverrideDialogProps) {
  // The form's state lives only while the dialog is open.
  return props.opened ? <VersionOverrideForm {...props} /> : null;
}

function VersionOverrideForm({ onClose, scan, component, scopes }: VersionOverrideDialogProps) {
  const files = filesOf(component);
  const [version, setVersion] = useState(component.custom_version ?? '');
  const [scope, setScope] = useState<string>(String(scopes[0] ?? 1));
  const [hashes, setHashes] = useState(files.map((file) => file.sha1));
  const create = useCreateVersionOverride();
  const chosen = Number(scope) as OverrideScope;
  return (
    <DialogForm
      opened
      title={`Override the version of ${displayText(component.lib)}`}
      submitLabel="Override version"
      pending={create.isPending}
      error={create.error}
      fields={['version', 'scope', 'hashes', 'group_scope', 'result_scope']}
      canSubmit={version.trim() !== '' && hashes.length > 0}
      onClose={onClose}
      onSubmit={() =>
        create.mutate(
          {
            scan: scan.id, component_name: component.lib, hashes, version: version.trim(), scope: chosen,
            ...(chosen === 1 ? { result_scope: scan.id } : chosen === 2 ? { group_scope: scan.group } : {}),
          },
          { onSuccess: onClose },
        )
      }
    >
      <Text size="sm">
        {`Detected version: ${displayText(detectedVersion(component)) || 'unknown'}. Vulnerabilities are matched against the version you give, wherever the override holds.`}
      </Text>
      <TextInput label="Version" required value={version} onChange={(event) => setVersion(event.currentTarget.value)} error={fieldError(create.error, 'version')} data-autofocus />
      <Select
        label="Holds for"
        data={scopes.map((value) => ({ value: String(value), label: overrideScopeLabel(value, scan) }))}
        value={scope}
        allowDeselect={false}
        onChange={(value) => setScope(value ?? scope)}
        error={fieldError(create.error, 'scope') ?? fieldError(create.error, 'group_scope') ?? fieldError(create.error, 'result_scope')}
      />
      <FilesChecklist
        label="Files it is keyed on"
        description="The override holds wherever a component of this name is found in one of these files."
        files={files}
        value={hashes}
        onChange={setHashes}
        error={fieldError(create.error, 'hashes')}
      />
    </DialogForm>
  );
}
