import { Autocomplete, Checkbox, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { displayText } from '../../../lib/format.ts';
import { useCreateLicenseOverride } from '../api/overrides.ts';
import { type OverrideScope, overrideScopeLabel } from './adjustment-access.ts';
import { DialogForm, fieldError } from './dialog-form.tsx';

interface LicenseOverrideDialogProps {
  opened: boolean;
  onClose: () => void;
  scan: Scan;
  component: ResultComponent;
  scopes: OverrideScope[];
  /** The scan's components, whose licences are offered as suggestions. */
  components: readonly ResultComponent[];
}

/** Spec §3 licence override: the licence the component is shown with, for this version or all. */
export function LicenseOverrideDialog(props: LicenseOverrideDialogProps) {
  return props.opened ? <LicenseOverrideForm {...props} /> : null;
}

function LicenseOverrideForm({ onClose, scan, component, scopes, components }: LicenseOverrideDialogProps) {
  const [licence, setLicence] = useState('');
  const [thisVersion, setThisVersion] = useState(component.version !== '');
  const [scope, setScope] = useState<string>(String(scopes[0] ?? 1));
  const create = useCreateLicenseOverride();
  const chosen = Number(scope) as OverrideScope;
  const suggestions = [...new Set(components.flatMap((other) => other.license))].sort((a, b) => a.localeCompare(b));
  const current = component.license.length > 0 ? component.license.join(', ') : 'none declared';
  return (
    <DialogForm
      opened
      title={`Override the licence of ${displayText(component.lib)}`}
      submitLabel="Override licence"
      pending={create.isPending}
      error={create.error}
      fields={['license_name', 'component_version', 'scope', 'group_scope', 'result_scope']}
      canSubmit={licence.trim() !== ''}
      onClose={onClose}
      onSubmit={() =>
        create.mutate(
          {
            scan: scan.id, component_name: component.lib, license_name: licence.trim(), component_version: thisVersion ? component.version : null, scope: chosen,
            ...(chosen === 1 ? { result_scope: scan.id } : chosen === 2 ? { group_scope: scan.group } : {}),
          },
          { onSuccess: onClose },
        )
      }
    >
      <Text size="sm">{`Shown now: ${displayText(current)}. The newest override that holds wins; removing it falls back to the one before, or to the detected licence.`}</Text>
      <Autocomplete
        label="Licence"
        description="An SPDX licence id or expression, or a LicenseRef, e.g. MIT, GPL-2.0-only OR MIT, LicenseRef-vendor-eula"
        required
        data={suggestions}
        value={licence}
        onChange={setLicence}
        error={fieldError(create.error, 'license_name')}
        data-autofocus
      />
      {component.version !== '' && (
        <Checkbox
          label={`Only version ${displayText(component.version)}`}
          checked={thisVersion}
          onChange={(event) => setThisVersion(event.currentTarget.checked)}
          error={fieldError(create.error, 'component_version')}
        />
      )}
      <Select
        label="Holds for"
        data={scopes.map((value) => ({ value: String(value), label: overrideScopeLabel(value, scan) }))}
        value={scope}
        allowDeselect={false}
        onChange={(value) => setScope(value ?? scope)}
        error={fieldError(create.error, 'scope') ?? fieldError(create.error, 'group_scope') ?? fieldError(create.error, 'result_scope')}
      />
    </DialogForm>
  );
}
