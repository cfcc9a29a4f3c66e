import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ResultComponent } from '../../../lib/api-schemas.ts';
import { codeTypeLabel } from '../../../lib/code-types.ts';
import { displayText } from '../../../lib/format.ts';
import { useRename } from '../api/overrides.ts';
import { DialogForm, fieldError } from './dialog-form.tsx';

interface RenameDialogProps {
  opened: boolean;
  onClose: () => void;
  component: ResultComponent;
}

/** Spec §3 component name override: a display name for what the engine calls the component, in every application. */
export function RenameDialog(props: RenameDialogProps) {
  return props.opened ? <RenameForm {...props} /> : null;
}

function RenameForm({ onClose, component }: RenameDialogProps) {
  const [name, setName] = useState(component.name_override?.name ?? component.lib);
  const rename = useRename();
  return (
    <DialogForm
      opened
      title={`Rename ${displayText(component.lib)}`}
      submitLabel="Rename"
      pending={rename.isPending}
      error={rename.error}
      fields={['display_name']}
      canSubmit={name.trim() !== '' && name.trim() !== (component.name_override?.name ?? '')}
      onClose={onClose}
      onSubmit={() =>
        rename.mutate(
          { id: component.name_override?.id ?? null, displayName: name.trim(), component: { mimir_name: component.lib, mimir_codetype: component.codetype } },
          { onSuccess: onClose },
        )
      }
    >
      <Text size="sm">
        {`Shown instead of ${displayText(component.lib)} for every ${codeTypeLabel(component.codetype)} component of this name, in every application. Vulnerabilities are still matched by the detected name.`}
      </Text>
      <TextInput label="Display name" required value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError(rename.error, 'display_name')} data-autofocus />
    </DialogForm>
  );
}
