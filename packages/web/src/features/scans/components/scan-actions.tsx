import { Alert, Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { displayText } from '../../../lib/format.ts';
import { useScanControl } from '../api/scan-control.ts';
import { isBusy } from '../api/scan-status.ts';
import { SBOM_DOWNLOADS, sbomUrl } from '../api/scan-metadata.ts';
import { portableScanUrl } from '../api/portable-scan.ts';
import { useMakeBackgroundReport } from '../api/background-report.ts';

type Confirming = 'abort' | 'removeFile' | 'remove' | null;

/** The reports GET /rest/scans/{id}/report/ makes of a ready scan, evaluated at download time. */
const REPORT_DOWNLOADS = [
  { format: 'pdf', label: 'PDF report', description: 'Verdict, severity chart, components, vulnerabilities with CVSS, EPSS, KEV and triage, hardening, leaks.' },
  { format: 'csv-components', label: 'Components (CSV)', description: 'One row per component: version, licences, policy, vulnerability counts, files.' },
  { format: 'csv-vulnerabilities', label: 'Vulnerabilities (CSV)', description: 'One row per vulnerability and file, in the columns DefectDojo imports.' },
] as const;

function reportUrl(scanId: number, format: (typeof REPORT_DOWNLOADS)[number]['format']): string {
  return `/rest/scans/${scanId}/report/?format=${format}`;
}

/** What each confirmation asks (spec §9: remove analysis, remove file; abort stops work under way). */
const CONFIRMATIONS: Record<Exclude<Confirming, null>, { title: string; message: (name: string) => string }> = {
  abort: { title: 'Abort analysis', message: (name) => `Abort the analysis of ${name}? It stops now and is marked failed; you can rescan it later.` },
  removeFile: {
    title: 'Remove file',
    message: (name) => `Remove the uploaded file of ${name}? The results stay, but the application can no longer be rescanned.`,
  },
  remove: { title: 'Remove analysis', message: (name) => `Remove ${name} with all its results and its file? This cannot be undone.` },
};

/** The scan page's actions menu: rename, rescan, abort (while busy), downloads (reports, SBOMs, the portable file), remove file, remove analysis. */

export function ScanActions({ scan }: { scan: Scan }) {
  const control = useScanControl(scan.id);
  const backgroundReport = useMakeBackgroundReport(scan.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [renaming, setRenaming] = useState(false);
  const busy = isBusy(scan.status);
  const failed = [control.rescan, control.abort, control.removeFile, control.remove, backgroundReport].find((mutation) => mutation.isError)?.error;

  const confirm = () => {
    const done = { onSettled: () => setConfirming(null) };
    if (confirming === 'abort') control.abort.mutate(undefined, done);
    else if (confirming === 'removeFile') control.removeFile.mutate(undefined, done);
    else if (confirming === 'remove') {
      // A promise, not mutate's own callbacks: those are dropped if the scan's page unmounts
      // first (the removed scan is gone from the cache), which would leave the user there.
      void control.remove
        .mutateAsync()
        .then(() => navigate({ to: '/groups/$groupId', params: { groupId: scan.group } }), () => undefined)
        .finally(() => setConfirming(null));
    }
  };
  const pending = control.abort.isPending || control.removeFile.isPending || control.remove.isPending;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm">
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setRenaming(true)}>Rename</Menu.Item>
          <Menu.Item
            disabled={busy || scan.binary_removed}
            onClick={() => control.rescan.mutate()}
            title={scan.binary_removed ? 'The file was removed: upload it again to scan it' : undefined}
          >
            Rescan
          </Menu.Item>
          {busy && <Menu.Item onClick={() => setConfirming('abort')}>Abort</Menu.Item>}
          <Menu.Item
            disabled={scan.status !== 'R'}
            title={scan.status === 'R' ? undefined : 'The scan is not ready yet'}
            onClick={() => void navigate({ to: '/diff', search: { target: scan.id } })}
          >
            Compare with…
          </Menu.Item>
          <Menu.Item
            disabled={scan.status !== 'R'}
            title={scan.status === 'R' ? undefined : 'The scan is not ready yet'}
            onClick={() => void navigate({ to: '/sales/product/$scanId/analysis', params: { scanId: scan.id } })}
          >
            Open sales view
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>Download report</Menu.Label>
          {REPORT_DOWNLOADS.map(({ format, label, description }) =>
            scan.status === 'R' ? (
              <Menu.Item key={format} component="a" href={reportUrl(scan.id, format)} download title={description}>
                {label}
              </Menu.Item>
            ) : (
              <Menu.Item key={format} disabled title="The scan is not ready yet">
                {label}
              </Menu.Item>
            ),
          )}
          <Menu.Item
            disabled={scan.status !== 'R' || backgroundReport.isPending}
            title={scan.status === 'R' ? 'Made on the server while you work on; listed under Reports for 7 days' : 'The scan is not ready yet'}
            onClick={() => backgroundReport.mutate(undefined, { onSuccess: (report) => void navigate({ to: '/report/$reportId', params: { reportId: report.id } }) })}
          >
            Make PDF report in the background
          </Menu.Item>
          <Menu.Label>Download SBOM</Menu.Label>
          {SBOM_DOWNLOADS.map(({ format, label }) =>
            scan.status === 'R' ? (
              <Menu.Item key={format} component="a" href={sbomUrl(scan.id, format)} download>
                {label}
              </Menu.Item>
            ) : (
              <Menu.Item key={format} disabled title="The scan is not ready yet">
                {label}
              </Menu.Item>
            ),
          )}
          <Menu.Label>Export the scan</Menu.Label>
          {scan.status === 'R' ? (
            <Menu.Item component="a" href={portableScanUrl(scan.id)} download title="Upload it into a group, here or on another server, to import the scan">
              Portable scan file (.bdba)
            </Menu.Item>
          ) : (
            <Menu.Item disabled title="The scan is not ready yet">
              Portable scan file (.bdba)
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" disabled={scan.binary_removed} onClick={() => setConfirming('removeFile')}>
            Remove file
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirming('remove')}>
            Remove analysis
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {failed && (
        <Alert color="red" mt="xs" withCloseButton onClose={() => [control.rescan, control.abort, control.removeFile, control.remove].forEach((m) => m.reset())}>
          {failed.message}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? CONFIRMATIONS[confirming].title : ''}
        message={confirming ? CONFIRMATIONS[confirming].message(displayText(scan.name)) : ''}
        pending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
      {renaming && <RenameScan scan={scan} rename={control.rename} onClose={() => setRenaming(false)} />}
    </>
  );
}

interface RenameScanProps {
  scan: Scan;
  rename: ReturnType<typeof useScanControl>['rename'];
  onClose: () => void;
}

/** Sends the name only when it changed (spec §5), and nothing otherwise. */
function RenameScan({ scan, rename, onClose }: RenameScanProps) {
  const [name, setName] = useState(scan.name);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = changedFields({ name: scan.name }, { name }, { trim: ['name'] });
    if (!change) {
      onClose();
      return;
    }
    rename.mutate(change, { onSuccess: onClose });
  };
  const error = rename.error instanceof ApiError ? rename.error.fieldErrors.name?.join(' ') ?? rename.error.message : rename.error?.message;
  return (
    <Modal opened onClose={onClose} title="Rename application" centered>
      <form onSubmit={save}>
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} required maxLength={255} error={error} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
