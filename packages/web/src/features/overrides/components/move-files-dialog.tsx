import { Alert, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { displayText } from '../../../lib/format.ts';
import { useSearchWriter } from '../../../lib/list-search.ts';
import { useMoveFiles } from '../api/overrides.ts';
import { filesOf } from './adjustment-access.ts';
import { DialogForm, fieldError } from './dialog-form.tsx';
import { FilesChecklist } from './files-checklist.tsx';

interface MoveFilesDialogProps {
  opened: boolean;
  onClose: () => void;
  scan: Scan;
  component: ResultComponent;
  /** Every component of the scan, the targets to choose from. */
  components: readonly ResultComponent[];
}

const labelOf = (component: ResultComponent) => `${component.name_override?.name ?? component.lib} ${component.version}`.trim();

/** Moves files (with their evidence) to another component of the scan; an emptied component disappears. */
export function MoveFilesDialog(props: MoveFilesDialogProps) {
  return props.opened ? <MoveFilesForm {...props} /> : null;
}

function MoveFilesForm({ onClose, scan, component, components }: MoveFilesDialogProps) {
  const files = filesOf(component);
  const [target, setTarget] = useState<string | null>(null);
  const [hashes, setHashes] = useState<string[]>([]);
  const move = useMoveFiles(scan.id);
  const select = useSearchWriter();
  const empties = hashes.length === files.length && files.length > 0;
  const targets = components
    .filter((other) => other.uid !== component.uid)
    .map((other) => ({ value: other.uid, label: displayText(labelOf(other)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <DialogForm
      opened
      title={`Move files of ${displayText(labelOf(component))}`}
      submitLabel="Move files"
      pending={move.isPending}
      error={move.error}
      fields={['to_uid', 'hashes']}
      canSubmit={target !== null && hashes.length > 0}
      onClose={onClose}
      onSubmit={() => {
        if (target === null) return;
        // A promise, not mutate's own callbacks: those are dropped when this form unmounts, and
        // an emptied component's panel (this form with it) goes as soon as the refreshed result
        // without it is drawn, which may come first. A failure shows through move.error.
        move.mutateAsync({ from_uid: component.uid, to_uid: target, hashes }).then(
          () => {
            onClose();
            // The emptied component is gone from the result: show the one the files went to.
            if (empties) select({ component: target });
          },
          () => undefined,
        );
      }}
    >
      <Text size="sm">The files and their evidence go to the component you choose, in this application only; undo the move to bring them back.</Text>
      <Select
        label="Move to"
        placeholder="Choose a component"
        searchable
        data={targets}
        value={target}
        onChange={setTarget}
        nothingFoundMessage="No component of this name"
        error={fieldError(move.error, 'to_uid')}
      />
      <FilesChecklist label="Files to move" description="Pick the files that belong to the other component." files={files} value={hashes} onChange={setHashes} error={fieldError(move.error, 'hashes')} />
      {empties && (
        <Alert color="yellow" role="status">
          {`${displayText(labelOf(component))} keeps no file and disappears from the result.`}
        </Alert>
      )}
    </DialogForm>
  );
}
