import { useParams } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { NodeIcon } from './file-tree-icons.tsx';

const LABEL = 'Show in file tree';

interface FileTreeLinkProps {
  /** The extended path of the file, as findings name it. */
  path: readonly string[];
  /** A folder mark only (its name in aria-label and title), for dense rows. */
  compact?: boolean;
}

/** "Show in file tree": the scan's Files tab with this file selected. Any tab of a scan page may hold it. */
export function FileTreeLink({ path, compact = false }: FileTreeLinkProps) {
  const params: { scanId?: number } = useParams({ strict: false });
  if (params.scanId === undefined) return null;
  return (
    <AnchorLink
      to="/product/$scanId/files"
      params={{ scanId: params.scanId }}
      search={{ path: [...path] }}
      size="xs"
      {...(compact ? { 'aria-label': LABEL, title: LABEL, display: 'inline-flex' } : {})}
    >
      {compact ? <NodeIcon kind="open-folder" /> : LABEL}
    </AnchorLink>
  );
}
